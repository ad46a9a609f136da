import { MainReasonError } from '../../api/client';
import { errorMessage } from '../../db/errors';
import { ReasonText } from './ReasonText';

/**
 * What failed (`lead`, in the reader's language) and why: an error main sent with a code is worded
 * in that language with main's English text beside it; any other error's own message follows.
 */
export function FailureText({ lead, error, testId }: { lead: string; error: unknown; testId: string }) {
  return (
    <span data-testid={testId}>
      {lead} {error instanceof MainReasonError ? <ReasonText why={error.why} detail={error.message} testId={`${testId}-reason`} /> : errorMessage(error)}
    </span>
  );
}
