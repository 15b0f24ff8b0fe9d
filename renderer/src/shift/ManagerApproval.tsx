import { type ReactNode, useId } from 'react';
import type { Approval } from '../../../shared/domain/cashier';
import { useLanguage } from '../i18n/use-messages';
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
  const pinId = useId();
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
      <div className="field">
        <label htmlFor={pinId}>{t.managerPin}</label>
        <input
          id={pinId}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={value.pin}
          onChange={(event) => onChange({ managerId, pin: event.target.value.replace(/\D/g, '') })}
        />
      </div>
    </fieldset>
  );
}

/** An approval ready to send: the first manager when none was picked. */
export function approvalToSend(approval: Approval): Approval {
  const managers = useTill.getState().till?.cashiers.filter((cashier) => cashier.role === 'manager') ?? [];
  return { managerId: approval.managerId || managers[0]?.id || '', pin: approval.pin };
}

export const NO_APPROVAL: Approval = { managerId: '', pin: '' };
