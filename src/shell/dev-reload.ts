/**
 * Development only. Plain pages ship no scripts, so nothing on them hears Vite's updates; this
 * module, the one script such a page gets under `npm run dev`, reloads it on any change instead.
 * (A full-reload message needs nothing here: Vite's client, which this module loads, obeys it.)
 */
if (import.meta.hot) {
  const reload = () => window.location.reload();
  import.meta.hot.on("vite:beforeUpdate", reload);
  import.meta.hot.on("react-router:hmr", reload);
}
