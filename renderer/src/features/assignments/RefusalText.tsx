import type { PackageRefusal } from '../../stores/assignments/store';
import { useAssignmentText, type AssignmentStringKey } from './strings';

const CODE_KEYS: Record<PackageRefusal['code'], AssignmentStringKey | null> = {
  'not-json': 'code_not_json',
  'too-large': 'code_too_large',
  'too-deep': 'code_too_deep',
  'wrong-kind': 'code_wrong_kind',
  invalid: 'code_invalid',
  'annotator-mismatch': 'code_annotator_mismatch',
  'codebook-mismatch': 'code_codebook_mismatch',
  'dataset-mismatch': 'code_dataset_mismatch',
  'unknown-assignment': 'code_unknown_assignment',
  already: 'code_already',
  other: null,
};

/** Why a package was refused, worded in the reader's language, then the exact English message (file, JSON path, problem). */
export function RefusalText({ refusal, lead, testId }: { refusal: PackageRefusal; lead: AssignmentStringKey; testId: string }) {
  const { t } = useAssignmentText();
  const key = CODE_KEYS[refusal.code];
  return (
    <div className="error-inline" role="alert" data-testid={testId} data-code={refusal.code}>
      <p>
        {t(lead)} {key ? t(key) : ''}
      </p>
      <p className="muted" data-testid={`${testId}-detail`}>
        {t('detail', { message: refusal.message })}
      </p>
    </div>
  );
}
