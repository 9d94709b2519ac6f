// The application shell. Screens arrive with the desktop-app issue; for now it names the product.
export function App(): React.JSX.Element {
  return (
    <main>
      <h1>Job Rendering Studio</h1>
      <p>Branded AI media from the Job Rendering Service.</p>
    </main>
  );
}
