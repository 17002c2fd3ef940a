import { ErrorState } from '../../components/ErrorState';
import { usePageTitle } from '../../layout/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Missing');
  return (
    <ErrorState
      order={1}
      emoji="🧭"
      title="Oh no! Are you lost?"
      description="The page you were looking for isn't here. It may have moved, or the link may be mistyped."
      action={{ label: 'Go home', to: '/' }}
    />
  );
}
