import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A new page starts at the top. Once more 10 ms later, because late-arriving content can push the
 * document after the first scroll. Back and forward keep the browser's restored position.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType === "POP") return;
    window.scrollTo(0, 0);
    const again = window.setTimeout(() => window.scrollTo(0, 0), 10);
    return () => window.clearTimeout(again);
  }, [pathname, navigationType]);

  return null;
}
