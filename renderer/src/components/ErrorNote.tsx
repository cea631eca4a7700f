/** An error the user can read and act on; announced to screen readers. */
export function ErrorNote({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <div className="error-note" role="alert">
      {error.split('\n').map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}
