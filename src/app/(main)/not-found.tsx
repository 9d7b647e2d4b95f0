import { NotFoundView } from '../../components/shell/not-found-view';

/**
 * A main page that found nothing to show (an unknown or invisible organisation): rendered inside the shell,
 * so the header's navigation stays, with links back.
 */
export default function MainNotFound() {
  return (
    <div className="page not-found">
      <NotFoundView title="Not found" explanation="This page does not exist, or the organisation is not visible to your account." />
    </div>
  );
}
