import { useEffect } from 'react';
import { pos } from '../../bridge/pos';
import { useNow } from '../../hooks/use-now';
import { integer, sinceText } from '../../i18n/format';
import { useLanguage, useMessages } from '../../i18n/use-messages';
import { useSession } from '../../stores/session-store';

/**
 * What the confirm steps say when this counter, in a shop, cannot be sure it sells at the shop's
 * prices, rate and rules: the ledger has not answered lately, or holds a version this counter cannot
 * read. Null while it sells from the shop's newest version, or works on its own. The status is read
 * again as the step opens: what it says of the shop must be what the core knows now.
 */
export function useShopPricesWarning(open: boolean): string | null {
  const t = useMessages();
  const language = useLanguage();
  const now = useNow();
  const view = useSession((state) => state.status?.shopSettings ?? null);
  useEffect(() => {
    if (!open) return;
    // Only what the status says of the shop: the balance has its own fresh read as the step opens
    // (useBalanceShort), which an older status answering second must not overwrite.
    void pos()
      .getStatus({})
      .then((result) => {
        const status = useSession.getState().status;
        if (result.ok && status)
          useSession.setState({ status: { ...status, shopSettings: result.value.shopSettings } });
      });
  }, [open]);
  if (!view || view.state === 'current') return null;
  const mine = integer(view.version, language);
  if (view.state === 'shop_newer' && view.shopVersion !== null) {
    return t.shopLedger.pricesNewer(integer(view.shopVersion, language), mine);
  }
  return t.shopLedger.pricesUnknown(
    mine,
    view.checkedAt === null ? null : sinceText(view.checkedAt, now, language),
  );
}
