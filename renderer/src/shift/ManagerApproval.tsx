import type { ReactNode } from 'react';
import type { Approval } from '../../../shared/domain/cashier';
import { useLanguage } from '../i18n/use-messages';
import { PinInput } from '../screens/settings/PinInput';
import { shiftText } from './shift-text';
import { useActiveCashiers, useTill } from './till-store';

/** Which manager approves, and their PIN: asked only where a cashier may not act alone. */
export function ManagerApproval({
  value,
  onChange,
}: {
  readonly value: Approval;
  readonly onChange: (approval: Approval) => void;
}): ReactNode {
  const t = shiftText(useLanguage());
  const managers = useActiveCashiers().filter((cashier) => cashier.role === 'manager');
  const managerId = value.managerId || managers[0]?.id || '';
  return (
    <fieldset className="approval">
      <legend>{t.managerApproval}</legend>
      <label className="field">
        {t.approvingManager}
        <select value={managerId} onChange={(event) => onChange({ ...value, managerId: event.target.value })}>
          {managers.map((manager) => (
            <option key={manager.id} value={manager.id}>
              {manager.name}
            </option>
          ))}
        </select>
      </label>
      <PinInput label={t.managerPin} value={value.pin} onChange={(pin) => onChange({ managerId, pin })} />
    </fieldset>
  );
}

/** An approval ready to send: the first manager when none was picked. */
export function approvalToSend(approval: Approval): Approval {
  const managers = useTill.getState().till?.cashiers.filter((cashier) => cashier.role === 'manager') ?? [];
  return { managerId: approval.managerId || managers[0]?.id || '', pin: approval.pin };
}

export const NO_APPROVAL: Approval = { managerId: '', pin: '' };
