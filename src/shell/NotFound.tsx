import { Link } from "~/ui/links";

export function NotFound() {
  return (
    <section className="container page-section not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p>
        The page you asked for is not here. <Link to="/">Go to the home page</Link> or{" "}
        <Link to="/inventory">browse the inventory</Link>.
      </p>
    </section>
  );
}
