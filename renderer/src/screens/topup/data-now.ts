import type { Language } from '../../../../shared/domain/common';
import type { CompletedTopUp } from '../../../../shared/domain/topup';
import { gigabytes } from '../../i18n/format';
import type { Messages } from '../../i18n/messages-en';

/**
 * The eSIM's data after a top-up, as far as the provider's answer states it; null when it states
 * neither the total nor what is left. A total with nothing said of what is left is never shown as all
 * of it left: the customer may have used some of the old volume.
 */
export function dataNowText(
  t: Messages,
  language: Language,
  topUp: Pick<CompletedTopUp, 'newTotalGb' | 'newRemainingGb'>,
): string | null {
  const total = topUp.newTotalGb === null ? null : gigabytes(topUp.newTotalGb, language);
  const left = topUp.newRemainingGb === null ? null : gigabytes(topUp.newRemainingGb, language);
  if (total !== null && left !== null) return t.topUp.newVolumeValue(total, left);
  if (total !== null) return t.topUp.newVolumeTotalOnly(total);
  if (left !== null) return t.topUp.newVolumeLeftOnly(left);
  return null;
}
