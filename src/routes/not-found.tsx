import { data } from "react-router";
import { NotFound } from "~/shell/NotFound";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default NotFound;
