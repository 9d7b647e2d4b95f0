/**
 * What a list action (undo a decision, mark changes read, enable a webhook again) tells the analyst: its outcome
 * announced politely to screen readers, and its error shown and announced at once. One markup for every such list.
 */
export function ActionOutcome({ status, error }: { status: string; error: string | null }) {
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
