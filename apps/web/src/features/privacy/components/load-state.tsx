import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A card's data that has not arrived: the error with 'Tentar novamente', or the spinner. */
export function LoadState({
  error,
  onRetry,
  loadingLabel,
}: {
  error: Error | null;
  onRetry: () => void;
  loadingLabel: string;
}) {
  if (error) {
    return (
      <FormAlert kind="error" messages={[error.message]}>
        <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
          Tentar novamente
        </Button>
      </FormAlert>
    );
  }
  return (
    <div className="flex justify-center py-6">
      <Spinner label={loadingLabel} />
    </div>
  );
}
