import { type ReactNode, useState } from 'react';
import type { PosError } from '../../../../shared/errors';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../stores/session-store';
import { type ShopLedgerJoin, useSettings } from '../../stores/settings-store';
import { TextField } from './TextField';

type JoinField = keyof ShopLedgerJoin;

/** The field a refusal names, so the form can mark it: the contract's own, or the code the shop has. */
function refusedField(error: PosError | null): JoinField | null {
  if (error?.code === 'SHOP_LEDGER_REFUSED') {
    const reason = error.details?.reason;
    if (reason === 'code_taken') return 'counterCode';
    if (reason === 'credentials' || reason === 'not_owner') return 'ownerPassword';
    return reason === 'tls' ? 'address' : null;
  }
  if (error?.code === 'SHOP_LEDGER_UNREACHABLE') return 'address';
  if (error?.code !== 'INVALID_INPUT') return null;
  const path = error.details?.issues[0]?.path;
  const fields: readonly JoinField[] = [
    'address',
    'ownerName',
    'ownerPassword',
    'shop',
    'counterName',
    'counterCode',
  ];
  return fields.find((field) => field === path) ?? null;
}

/**
 * Joining the shop ledger: where it is, the owner's login (used once for the join, never kept), and
 * this counter's name and code in its shop. Joined, the section says where and as what, and why the
 * ledger refuses the counter when it does; joining again takes the same form.
 */
export function ShopLedgerSettings(): ReactNode {
  const t = useMessages();
  const words = t.settings.shopLedger;
  const ledger = useSession((state) => state.status?.shopLedger ?? null);
  const join = useSettings((state) => state.joinShopLedger);
  const leave = useSettings((state) => state.leaveShopLedger);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  const [typed, setTyped] = useState<ShopLedgerJoin>({
    address: ledger?.address ?? '',
    ownerName: '',
    ownerPassword: '',
    shop: ledger?.shop ?? '',
    counterName: ledger?.counterName ?? '',
    counterCode: ledger?.counterCode ?? '',
  });
  if (!ledger) return null;
  const joined = ledger.state !== 'off';
  const refused = refusedField(error);
  const field = (
    name: JoinField,
    label: string,
    options: { hint?: string; type?: string; ltr?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={typed[name]}
      onChange={(value) => setTyped((before) => ({ ...before, [name]: value }))}
      {...(options.hint ? { hint: options.hint } : {})}
      {...(options.type ? { type: options.type } : {})}
      {...(options.ltr ? { dir: 'ltr' as const } : {})}
      invalid={refused === name}
    />
  );
  const complete = Object.values(typed).every((value) => value.trim() !== '');
  return (
    <form
      className="card"
      noValidate
      aria-label={words.title}
      onSubmit={(event) => {
        event.preventDefault();
        void join(typed).then((done) => {
          if (done) setTyped((before) => ({ ...before, ownerPassword: '' }));
        });
      }}
    >
      <h2>{words.title}</h2>
      <p>{words.intro}</p>
      <p>
        {joined && ledger.shop && ledger.counterCode && ledger.counterName
          ? words.joined(ledger.shop, ledger.counterCode, ledger.counterName)
          : words.off}
      </p>
      {ledger.problem !== null ? <p className="warning">{t.shopLedger.problems[ledger.problem]}</p> : null}
      {field('address', words.address, { hint: words.addressHint, ltr: true })}
      {field('ownerName', words.ownerName, { ltr: true })}
      {field('ownerPassword', words.ownerPassword, { hint: words.ownerHint, type: 'password', ltr: true })}
      {field('shop', words.shop)}
      {field('counterName', words.counterName)}
      {field('counterCode', words.counterCode, { hint: words.counterCodeHint, ltr: true })}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !complete}>
          {busy ? words.joining : joined ? words.joinAgain : words.join}
        </button>
        {joined ? (
          <button type="button" className="danger" disabled={busy} onClick={() => void leave()}>
            {words.leave}
          </button>
        ) : null}
      </div>
    </form>
  );
}
