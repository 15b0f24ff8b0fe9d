import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import type { Approval, Cashier, CashierRole } from '../../../shared/domain/cashier';
import type { OwnerView } from '../../../shared/domain/owner-view';
import type { EndOfDaySettings } from '../../../shared/domain/shift';
import type { ShopDay } from '../../../shared/domain/shop-day';
import type { ExchangeRate } from '../../../shared/domain/till';
import type { PosError } from '../../../shared/errors';
import { parseRatePer100, priceAtRate, ratePerUnitText } from '../../../shared/exchange-rate';
import { journalCheckSentence } from '../../../shared/journal-check-text';
import {
  CURRENCIES,
  type Currency,
  exponentOf,
  type MinorUnits,
  type Money,
  money,
  parseTypedAmount,
  toDecimalText,
} from '../../../shared/money';
import { roundingStepFor } from '../../../shared/rounding-steps';
import { pos } from '../bridge/pos';
import { ErrorPanel } from '../components/ErrorPanel';
import { FieldProblem } from '../components/FieldProblem';
import { FieldErrors, invalidInput } from '../components/field-errors';
import { decimalText, integer, moneyText } from '../i18n/format';
import { useLanguage, useMessages } from '../i18n/use-messages';
import { type AccessChange, OwnerViewReport } from '../reconcile/OwnerView';
import { reconcileText } from '../reconcile/reconcile-text';
import { ShopDayReport } from '../reconcile/ShopDayView';
import { DayField } from '../screens/settings/DateFields';
import { PinInput } from '../screens/settings/PinInput';
import { TextField } from '../screens/settings/TextField';
import { useCatalogue } from '../stores/catalogue-store';
import { HELD_APPROVAL_MS, pinRefused } from '../stores/held-pin';
import { useSession } from '../stores/session-store';
import { PIN_PATTERN, useSettings } from '../stores/settings-store';
import { AmountField } from './AmountField';
import { CurrencySelect } from './CurrencySelect';
import { approvalToSend, ManagerApproval, NO_APPROVAL } from './ManagerApproval';
import { tillCall } from './shift-actions';
import { shiftText } from './shift-text';
import { useDrawerCurrencies, useTill } from './till-store';

/** The approval the manager gave when opening the tools, and how to forget it when a call refuses it. */
const HeldApproval = createContext<{
  readonly approval: Approval;
  readonly refused: (error: PosError) => void;
} | null>(null);

/**
 * What a manager does at the drawer: close a shift left open without a count, correct a closed one,
 * set today's rate, the end-of-day settings, cashiers, and the check of the journal's chain. The
 * manager approves once on opening; the approval is held only while the tools are open and at most
 * HELD_APPROVAL_MS, and every call sends it for the core to check and audit again.
 */
export function ManagerTools({ onChanged }: { readonly onChanged: () => void }): ReactNode {
  const t = shiftText(useLanguage());
  const [open, setOpen] = useState(false);
  const [approval, setApproval] = useState<Approval | null>(null);
  const [why, setWhy] = useState<PosError | 'expired' | null>(null);
  useEffect(() => {
    if (!approval) return;
    const timer = window.setTimeout(() => {
      setApproval(null);
      setWhy('expired');
    }, HELD_APPROVAL_MS);
    return () => window.clearTimeout(timer);
  }, [approval]);
  const held = useMemo(
    () =>
      approval
        ? {
            approval,
            refused: (error: PosError) => {
              setApproval(null);
              setWhy(error);
            },
          }
        : null,
    [approval],
  );
  return (
    <details
      className="card manager-tools"
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        setOpen(nowOpen);
        // Closing the tools forgets the approval: whoever opens them next approves again.
        if (!nowOpen) {
          setApproval(null);
          setWhy(null);
        }
      }}
    >
      <summary>{t.managerTools}</summary>
      {!open ? null : held ? (
        <HeldApproval.Provider value={held}>
          <ForceClose onChanged={onChanged} />
          <Correction />
          <RateOfTheDay />
          <EndOfDaySettingsForm />
          <AddCashier />
          <EditCashier />
          <ChainCheck />
          <ShopDayTool />
          <OwnerViewTool />
        </HeldApproval.Provider>
      ) : (
        <ApproveTools
          why={why}
          onApproved={(given) => {
            setWhy(null);
            setApproval(given);
          }}
        />
      )}
    </details>
  );
}

/**
 * The drawer's currencies, the selling currency and today's rate: the manager tools' own forms, for
 * the first-start checklist, sent with the approval the manager gave there.
 */
export function DrawerAndRate({
  approval,
  refused,
}: {
  readonly approval: Approval;
  readonly refused: (error: PosError) => void;
}): ReactNode {
  const held = useMemo(() => ({ approval, refused }), [approval, refused]);
  return (
    <HeldApproval.Provider value={held}>
      <EndOfDaySettingsForm />
      <RateOfTheDay />
    </HeldApproval.Provider>
  );
}

/**
 * The manager's approval, asked once when the tools open: checked by the core before they show. A
 * counter with no manager PIN yet asks the manager to choose one here instead of refusing.
 */
function ApproveTools({
  why,
  onApproved,
}: {
  readonly why: PosError | 'expired' | null;
  readonly onApproved: (approval: Approval) => void;
}): ReactNode {
  const t = shiftText(useLanguage());
  const pinSet = useSession((state) => state.status?.managerPinSet !== false);
  const [draft, setDraft] = useState(NO_APPROVAL);
  const [error, setError] = useState<PosError | null>(null);
  const headingId = useId();
  const shown = error ?? (why === 'expired' ? null : why);
  const check = async (approval: Approval): Promise<void> => {
    const result = await pos().checkApproval({ approval });
    if (result.ok) onApproved(approval);
    else setError(result.error);
  };
  return (
    <FieldErrors error={shown}>
      <div className="tool">
        <h3 id={headingId}>{t.approveTools}</h3>
        {pinSet ? (
          <form
            aria-labelledby={headingId}
            onSubmit={(event) => {
              event.preventDefault();
              setError(null);
              void check(approvalToSend(draft));
            }}
          >
            <p className="hint">{why === 'expired' ? t.approvalExpired : t.approveToolsHint}</p>
            <ManagerApproval value={draft} onChange={setDraft} />
            {shown ? <ErrorPanel error={shown} /> : null}
            <button type="submit" className="primary">
              {t.approve}
            </button>
          </form>
        ) : (
          <ChooseFirstPin
            labelledBy={headingId}
            onChosen={(pin) => {
              const first = useTill.getState().till?.cashiers.find((cashier) => cashier.usesManagerPin);
              void check({ managerId: first?.id ?? '', pin });
            }}
            error={shown}
          />
        )}
      </div>
    </FieldErrors>
  );
}

/** The manager PIN chosen where it is first needed: typed twice, then set by the core like Settings does. */
function ChooseFirstPin({
  labelledBy,
  onChosen,
  error,
}: {
  readonly labelledBy: string;
  readonly onChosen: (pin: string) => void;
  readonly error: PosError | null;
}): ReactNode {
  const t = shiftText(useLanguage());
  const words = useMessages().settings;
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<PosError | null>(null);
  const shown = refused ?? error;
  return (
    <form
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!PIN_PATTERN.test(pin)) setProblem(words.pinFormat);
        else if (pin !== again) setProblem(words.pinsDiffer);
        else {
          setProblem(null);
          setRefused(null);
          void pos()
            .setManagerPin({ pin })
            .then(async (result) => {
              if (!result.ok) {
                setRefused(result.error);
                return;
              }
              await useTill.getState().load();
              onChosen(pin);
            });
        }
      }}
    >
      <p className="hint">{t.choosePinHere}</p>
      <PinInput label={words.newPin} value={pin} onChange={setPin} />
      <PinInput label={words.confirmPin} value={again} onChange={setAgain} />
      <FieldProblem problem={problem} />
      {shown ? <ErrorPanel error={shown} /> : null}
      <button type="submit" className="primary">
        {t.chooseAndApprove}
      </button>
    </form>
  );
}

/** A small form sent with the held approval: its own error and confirmation line. */
function ApprovedForm({
  title,
  hint,
  submit,
  children,
  outcome,
  run,
}: {
  readonly title: string;
  readonly hint?: string;
  readonly submit: string;
  readonly children?: ReactNode;
  /** What the last run found, below the button: the fields stay together above it. */
  readonly outcome?: ReactNode;
  readonly run: (approval: Approval, fail: (error: PosError) => void) => Promise<string | null>;
}): ReactNode {
  const held = useContext(HeldApproval);
  const [error, setError] = useState<PosError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  if (!held) return null;
  const fail = (refusal: PosError): void => {
    // A refused approval (a PIN changed, a manager who left, a lock-out) closes the tools' approval.
    if (pinRefused(refusal)) held.refused(refusal);
    else setError(refusal);
  };
  return (
    <FieldErrors error={error}>
      <form
        className="tool"
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          setError(null);
          void run(held.approval, fail).then((message) => {
            if (message !== null) setDone(message);
          });
        }}
      >
        <h3 id={headingId}>{title}</h3>
        {hint ? <p className="hint">{hint}</p> : null}
        {children}
        {error ? <ErrorPanel error={error} /> : null}
        {done ? <p role="status">{done}</p> : null}
        <button type="submit" className="secondary">
          {submit}
        </button>
        {outcome}
      </form>
    </FieldErrors>
  );
}

function ForceClose({ onChanged }: { readonly onChanged: () => void }): ReactNode {
  const t = shiftText(useLanguage());
  const open = useTill((state) => Boolean(state.till?.shift));
  const [reason, setReason] = useState('');
  if (!open) return null;
  return (
    <ApprovedForm
      title={t.forceClose}
      hint={t.forceCloseHint}
      submit={t.forceClose}
      run={async (approval, fail) => {
        const closed = await tillCall(() => pos().forceCloseShift({ reason, approval }), fail);
        if (!closed) return null;
        onChanged();
        return t.saved;
      }}
    >
      <TextField label={t.reason} value={reason} onChange={setReason} field="reason" />
    </ApprovedForm>
  );
}

function Correction(): ReactNode {
  const t = shiftText(useLanguage());
  const currencies = useDrawerCurrencies();
  const [zNumber, setZNumber] = useState('');
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const chosen = currency ?? currencies[0] ?? 'USD';
  return (
    <ApprovedForm
      title={t.correct}
      hint={t.correctHint}
      submit={t.correct}
      run={async (approval, fail) => {
        const listed = await pos().listShifts({ limit: 200 });
        const shift = listed.ok
          ? listed.value.shifts.find(
              (each) => String(each.zNumber) === zNumber.replace(/\D/g, '').replace(/^0+/, ''),
            )
          : null;
        const minor = parseTypedAmount(amount, chosen);
        if (!shift) {
          fail(invalidInput('zNumber', 'no_such_z', 'No closed shift has this Z number.'));
          return null;
        }
        if (minor === null) {
          fail(invalidInput('amount', 'not_a_number', 'The amount is not a number.'));
          return null;
        }
        const done = await tillCall(
          () =>
            pos().correctShift({
              shiftId: shift.id,
              amount: { amount: minor, currency: chosen },
              reason,
              approval,
            }),
          fail,
        );
        return done ? t.saved : null;
      }}
    >
      <div className="row">
        <AmountField label="Z" value={zNumber} onChange={setZNumber} field="zNumber" />
        <CurrencySelect label={t.currency} value={chosen} currencies={currencies} onChange={setCurrency} />
        <AmountField label={t.amount} value={amount} onChange={setAmount} field="amount" />
      </div>
      <TextField label={t.reason} value={reason} onChange={setReason} field="reason" />
    </ApprovedForm>
  );
}

function RateOfTheDay(): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  const base = useSession((state) => state.status?.currency ?? state.balance?.balance.currency ?? 'USD');
  const till = useTill((state) => state.till);
  const typical = useTypicalSale(base);
  const pricing = useSettings((state) => state.pricing);
  const others = (till?.settings.currencies ?? []).filter((each) => each !== base);
  const [quote, setQuote] = useState<Currency | null>(null);
  const [buy, setBuy] = useState('');
  const [sell, setSell] = useState('');
  // The pair's last rate when the one typed moves far from it: shown, and set only once confirmed.
  const [moved, setMoved] = useState<ExchangeRate | null>(null);
  if (others.length === 0) return null;
  const chosen = quote ?? others[0]!;
  const perUnit = (ratePer100: MinorUnits): string =>
    decimalText(ratePerUnitText(ratePer100, chosen) as `${number}`, language);
  const typed = parseRatePer100(sell, 1, chosen);
  const askedAt = (ratePer100: MinorUnits): string =>
    moneyText(priceAtRate(typical, chosen, ratePer100, roundingStepFor(pricing, chosen)), language);
  const edit =
    (set: (text: string) => void) =>
    (text: string): void => {
      set(text);
      setMoved(null);
    };
  return (
    <ApprovedForm
      title={t.rateTitle}
      submit={moved ? t.rateConfirm : t.setRate}
      run={async (approval, fail) => {
        const rate = await tillCall(
          () =>
            pos().setExchangeRate({
              base,
              quote: chosen,
              buy,
              sell,
              per: 1,
              ...(moved ? { confirmMove: true } : {}),
              approval,
            }),
          (error) => {
            const moved = error.code === 'CONFIRMATION_REQUIRED' ? rateMovedFrom(error.details) : null;
            if (moved) setMoved(moved);
            else fail(error);
          },
        );
        if (!rate) return null;
        setMoved(null);
        return t.saved;
      }}
    >
      {till?.rates.map((rate) => (
        <p key={rate.id} className="hint">
          {t.rateNow(rate.base, rate.quote, perUnit(rate.buyPer100), perUnit(rate.sellPer100))}
        </p>
      ))}
      <div className="row">
        <CurrencySelect
          label={t.currency}
          value={chosen}
          currencies={others}
          onChange={(currency) => {
            setQuote(currency);
            setMoved(null);
          }}
        />
        <AmountField label={t.rateBuy(base, chosen)} value={buy} onChange={edit(setBuy)} field="buy" />
        <AmountField label={t.rateSell(base, chosen)} value={sell} onChange={edit(setSell)} field="sell" />
      </div>
      {typed === null ? null : (
        <p className="hint">{t.rateExample(moneyText(typical, language), askedAt(typed))}</p>
      )}
      {moved ? (
        <div role="alert">
          <p>{t.rateMoved(moved.base, perUnit(moved.buyPer100), perUnit(moved.sellPer100), moved.quote)}</p>
          {typed === null ? null : (
            <p>
              {t.rateMovedExample(moneyText(typical, language), askedAt(moved.sellPer100), askedAt(typed))}
            </p>
          )}
        </div>
      ) : null}
    </ApprovedForm>
  );
}

/** The pair's last rate a refusal names when the rate typed moves far from it (dispatch checked its shape). */
function rateMovedFrom(details: unknown): ExchangeRate | null {
  const named = details as { field?: unknown; previous?: ExchangeRate } | undefined;
  return named?.field === 'rate' && named.previous ? named.previous : null;
}

/** The price of a typical sale in `base`: the week's best seller, or 10 units when none is known. */
function useTypicalSale(base: Currency): Money {
  const best = useCatalogue((state) => {
    const code = state.bestSellers[0];
    return code === undefined ? undefined : state.find(code);
  });
  return best && best.retail.currency === base ? best.retail : money(10 * 10 ** exponentOf(base), base);
}

function EndOfDaySettingsForm(): ReactNode {
  const t = shiftText(useLanguage());
  const current = useTill((state) => state.till?.settings ?? null);
  const [draft, setDraft] = useState<EndOfDaySettings | null>(null);
  if (!current) return null;
  const settings = draft ?? current;
  const edit = (patch: Partial<EndOfDaySettings>): void => setDraft({ ...settings, ...patch });
  const amountText = (value: MinorUnits | undefined, currency: Currency): string =>
    value === undefined ? '' : toDecimalText(value, currency);
  const perCurrency = (
    key: 'varianceTolerance' | 'payOutLimit',
    currency: Currency,
    text: string,
  ): EndOfDaySettings['varianceTolerance'] => {
    const amount = parseTypedAmount(text, currency);
    return { ...settings[key], [currency]: amount ?? undefined };
  };
  return (
    <ApprovedForm
      title={t.settingsTitle}
      submit={t.save}
      run={async (approval, fail) => {
        const saved = await tillCall(() => pos().updateEndOfDaySettings({ patch: settings, approval }), fail);
        if (!saved) return null;
        setDraft(null);
        return t.saved;
      }}
    >
      <fieldset>
        <legend>{t.drawerCurrencies}</legend>
        {CURRENCIES.map((currency) => (
          <label key={currency} className="check">
            <input
              type="checkbox"
              checked={settings.currencies.includes(currency)}
              onChange={(event) =>
                edit({
                  currencies: event.target.checked
                    ? [...settings.currencies, currency]
                    : settings.currencies.filter((each) => each !== currency),
                })
              }
            />
            {currency}
          </label>
        ))}
      </fieldset>
      <label className="field">
        {t.sellingCurrency}
        <select
          value={settings.sellingCurrency ?? ''}
          onChange={(event) => edit({ sellingCurrency: (event.target.value || null) as Currency | null })}
        >
          <option value="">{t.priceCurrency}</option>
          {settings.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t.cutOff}
        <input
          type="time"
          value={settings.dayCutOff}
          onChange={(event) => edit({ dayCutOff: event.target.value })}
        />
      </label>
      <div className="row">
        {settings.currencies.map((currency) => (
          <AmountField
            key={`tolerance-${currency}`}
            label={t.tolerance(currency)}
            value={amountText(settings.varianceTolerance[currency], currency)}
            onChange={(text) => edit({ varianceTolerance: perCurrency('varianceTolerance', currency, text) })}
          />
        ))}
        {settings.currencies.map((currency) => (
          <AmountField
            key={`limit-${currency}`}
            label={t.payOutLimit(currency)}
            value={amountText(settings.payOutLimit[currency], currency)}
            onChange={(text) => edit({ payOutLimit: perCurrency('payOutLimit', currency, text) })}
          />
        ))}
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.showExpectedToCashiers}
          onChange={(event) => edit({ showExpectedToCashiers: event.target.checked })}
        />
        {t.showExpected}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.requireOpenShift}
          onChange={(event) => edit({ requireOpenShift: event.target.checked })}
        />
        {t.requireShift}
      </label>
    </ApprovedForm>
  );
}

/**
 * Renames a cashier, changes their role, gives them a new PIN (which also lifts a lock-out) or marks
 * that they left: a cashier is never deleted, because the journal's records name them.
 */
function EditCashier(): ReactNode {
  const t = shiftText(useLanguage());
  const inLedger = useInShopLedger();
  const [cashiers, setCashiers] = useState<readonly Cashier[]>([]);
  const [chosenId, setChosenId] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<CashierRole>('cashier');
  const [active, setActive] = useState(true);
  const [pin, setPin] = useState('');
  const choose = useCallback((cashier: Cashier | undefined): void => {
    setChosenId(cashier?.id ?? '');
    setName(cashier?.name ?? '');
    setRole(cashier?.role ?? 'cashier');
    setActive(cashier?.active ?? true);
    setPin('');
  }, []);
  const reload = useCallback(
    async (keep: string): Promise<void> => {
      const listed = await pos().listCashiers({});
      if (!listed.ok) return;
      setCashiers(listed.value.cashiers);
      choose(listed.value.cashiers.find((each) => each.id === keep) ?? listed.value.cashiers[0]);
    },
    [choose],
  );
  useEffect(() => {
    void reload('');
  }, [reload]);
  const chosen = cashiers.find((each) => each.id === chosenId);
  return (
    <ApprovedForm
      title={t.editCashier}
      {...staffHint(inLedger, t.staffOfShop)}
      submit={t.editCashier}
      run={async (approval, fail) => {
        if (!chosen) return null;
        const changed = await tillCall(
          () =>
            pos().updateCashier({
              id: chosen.id,
              ...(name !== chosen.name ? { name } : {}),
              ...(role !== chosen.role ? { role } : {}),
              ...(active !== chosen.active ? { active } : {}),
              ...(pin ? { pin } : {}),
              approval,
            }),
          fail,
        );
        if (!changed) return null;
        await reload(changed.id);
        return t.saved;
      }}
    >
      <div className="row">
        <label className="field">
          {t.cashierToEdit}
          <select
            value={chosenId}
            onChange={(event) => choose(cashiers.find((each) => each.id === event.target.value))}
          >
            {cashiers.map((each) => (
              <option key={each.id} value={each.id}>
                {each.active ? each.name : `${each.name} (${t.inactive})`}
              </option>
            ))}
          </select>
        </label>
        <NameAndRole name={name} role={role} onName={setName} onRole={setRole} />
        {chosen?.usesManagerPin ? null : <PinInput label={t.replacePin} value={pin} onChange={setPin} />}
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t.activeCashier}
      </label>
    </ApprovedForm>
  );
}

/** Whether this counter is in a shop ledger, whose staff are the shop's. */
function useInShopLedger(): boolean {
  return useSession((state) => (state.status?.shopLedger?.state ?? 'off') !== 'off');
}

/** The hint of a form that changes the staff: in a shop, that they are the shop's. */
function staffHint(inLedger: boolean, hint: string): { hint?: string } {
  return inLedger ? { hint } : {};
}

/** A cashier's name and role, as adding and changing one type them. */
function NameAndRole({
  name,
  role,
  onName,
  onRole,
}: {
  readonly name: string;
  readonly role: CashierRole;
  readonly onName: (name: string) => void;
  readonly onRole: (role: CashierRole) => void;
}): ReactNode {
  const t = shiftText(useLanguage());
  return (
    <>
      <TextField label={t.name} value={name} onChange={onName} field="name" />
      <label className="field">
        {t.role}
        <select value={role} onChange={(event) => onRole(event.target.value as CashierRole)}>
          <option value="cashier">{t.roles.cashier}</option>
          <option value="manager">{t.roles.manager}</option>
        </select>
      </label>
    </>
  );
}

function AddCashier(): ReactNode {
  const t = shiftText(useLanguage());
  const inLedger = useInShopLedger();
  const [name, setName] = useState('');
  const [role, setRole] = useState<CashierRole>('cashier');
  const [pin, setPin] = useState('');
  return (
    <ApprovedForm
      title={t.addCashier}
      {...staffHint(inLedger, t.staffOfShop)}
      submit={t.addCashier}
      run={async (approval, fail) => {
        const added = await tillCall(() => pos().addCashier({ name, role, pin, approval }), fail);
        if (!added) return null;
        setName('');
        setPin('');
        return t.saved;
      }}
    >
      <div className="row">
        <NameAndRole name={name} role={role} onName={setName} onRole={setRole} />
        <PinInput label={t.newPin} value={pin} onChange={setPin} />
      </div>
    </ApprovedForm>
  );
}

function ChainCheck(): ReactNode {
  const language = useLanguage();
  const t = shiftText(language);
  return (
    <ApprovedForm
      title={t.checkChain}
      submit={t.checkChain}
      run={async (approval, fail) => {
        const result = await pos().checkJournalChain({ approval });
        if (!result.ok) {
          fail(result.error);
          return null;
        }
        return journalCheckSentence(result.value, language, (value) => integer(value, language));
      }}
    />
  );
}

/**
 * The shop day, shown when this counter is in a shop ledger: a manager reconciles every counter of the
 * shop for a business day at once, and resolves its exceptions with the tools' approval.
 */
function ShopDayTool(): ReactNode {
  const language = useLanguage();
  const t = reconcileText(language);
  const inLedger = useInShopLedger();
  const today = useTill((state) => state.till?.businessDay ?? '');
  const held = useContext(HeldApproval);
  const [day, setDay] = useState('');
  const [shopDay, setShopDay] = useState<ShopDay | null>(null);
  if (!inLedger || !held) return null;
  const firstDay = day || today;
  return (
    <ApprovedForm
      title={t.shop.title}
      hint={t.shop.hint}
      submit={t.shop.reconcile}
      run={async (approval, fail) => {
        setShopDay(null);
        const result = await pos().reconcileShop({ firstDay, approval });
        if (result.ok) setShopDay(result.value);
        else fail(result.error);
        return null;
      }}
    >
      <DayField label={t.day} value={firstDay} onChange={setDay} />
      {shopDay ? (
        <ShopDayReport
          day={shopDay}
          approval={held.approval}
          onChanged={setShopDay}
          onRefused={held.refused}
        />
      ) : null}
    </ApprovedForm>
  );
}

/**
 * The owner's view across shops, shown when this counter is in a shop ledger: the owner types the
 * ledger owner's login for each read. The password leaves the screen's state as the call is sent.
 */
function OwnerViewTool(): ReactNode {
  const t = reconcileText(useLanguage());
  const inLedger = useInShopLedger();
  const today = useTill((state) => state.till?.businessDay ?? '');
  const held = useContext(HeldApproval);
  const [day, setDay] = useState('');
  const [ownerName, setOwnerName] = useState('');
  const [ownerPassword, setOwnerPassword] = useState('');
  const [view, setView] = useState<OwnerView | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [failed, setFailed] = useState<PosError | null>(null);
  /** Why a change of access was refused though the login was right. */
  const [unchanged, setUnchanged] = useState<string | null>(null);
  if (!inLedger || !held) return null;
  const chosenDay = day || today;
  /** The password typed, taken out of the screen's state: each call with it types it again. */
  const takePassword = (): string => {
    setRefused(null);
    setFailed(null);
    setUnchanged(null);
    setOwnerPassword('');
    return ownerPassword;
  };
  /** A refused login in the owner's words; any other refusal as the tools say it. */
  const refuse = (error: PosError, fail: (error: PosError) => void): void => {
    const reason = error.code === 'SHOP_LEDGER_REFUSED' ? error.details?.reason : null;
    if (reason === 'credentials') setRefused(t.owner.wrongLogin);
    else if (reason === 'not_owner') setRefused(t.owner.notOwner);
    else fail(error);
  };
  const changeAccess: AccessChange = (staffId, shopId, access) => {
    const password = takePassword();
    if (!password) {
      setRefused(t.owner.retype);
      return;
    }
    const login = { ownerName, ownerPassword: password, approval: held.approval };
    void (async () => {
      const changed = await pos().setStaffAccess({ staffId, shopId, access, ...login });
      const result = changed.ok ? await pos().getOwnerView({ day: chosenDay, ...login }) : changed;
      if (result.ok) setView(result.value);
      else
        refuse(result.error, (error) => {
          if (pinRefused(error)) held.refused(error);
          // The member or the shop went, or the member moved to that shop, since the view was read.
          else if (error.code === 'NOT_FOUND' || error.code === 'INVALID_STATE')
            setUnchanged(t.owner.accessUnchanged[error.code]);
          else setFailed(error);
        });
    })();
  };
  return (
    <ApprovedForm
      title={t.owner.title}
      hint={t.owner.hint}
      submit={t.owner.show}
      outcome={view ? <OwnerViewReport view={view} onAccess={changeAccess} /> : null}
      run={async (approval, fail) => {
        setView(null);
        const password = takePassword();
        const result = await pos().getOwnerView({
          day: chosenDay,
          ownerName,
          ownerPassword: password,
          approval,
        });
        if (result.ok) setView(result.value);
        else refuse(result.error, fail);
        return null;
      }}
    >
      <DayField label={t.day} value={chosenDay} onChange={setDay} />
      <TextField label={t.owner.ownerName} value={ownerName} onChange={setOwnerName} dir="ltr" />
      <TextField
        label={t.owner.ownerPassword}
        type="password"
        value={ownerPassword}
        onChange={setOwnerPassword}
        dir="ltr"
        field="ownerPassword"
        invalid={refused !== null}
      />
      {refused ? <p role="alert">{refused}</p> : null}
      {unchanged ? <p role="alert">{unchanged}</p> : null}
      {failed ? <ErrorPanel error={failed} /> : null}
    </ApprovedForm>
  );
}
