/** Root component; the web feature work replaces this placeholder with providers and the router. */
export function App() {
  return <p>LMS</p>;
}
