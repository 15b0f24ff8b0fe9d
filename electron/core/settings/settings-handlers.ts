import type { CoreContext, HandlerGroup } from '../context';
import { requireSafeApiBaseUrl } from '../credentials/api-base-url';
import type { ShopSettings } from '../shop/shop-settings';

/**
 * Shop settings, retail pricing and the manager PIN. Changes need the PIN. Each change is told to
 * every window at once: a choice of manager PIN through `statusChanged` (the status says whether one
 * is set), settings as they now are.
 */
export function settingsHandlers(
  ctx: CoreContext,
  statusChanged: () => void,
  shop: Pick<ShopSettings, 'change'>,
): HandlerGroup<
  'getPricing' | 'setPricing' | 'getSettings' | 'updateSettings' | 'setManagerPin' | 'verifyManagerPin'
> {
  return {
    getPricing: async () => ctx.pricing(),
    setPricing: async ({ pin, pricing }) => {
      ctx.requireManager(pin);
      // In a shop ledger the prices are the shop's: the change is its next version, kept here too,
      // approved by the manager PIN (null).
      await shop.change(
        'prices',
        null,
        () => pricing,
        () =>
          ctx.settings.changeAudited(ctx.now().toISOString(), 'pricing.changed', pricing, () =>
            ctx.settings.set('pricing', pricing),
          ),
      );
      ctx.emit({ type: 'pricing.changed', pricing });
      return pricing;
    },
    getSettings: async () => ctx.settings.getSettings(),
    updateSettings: async ({ pin, patch }) => {
      ctx.requireManager(pin);
      if (patch.apiBaseUrl) requireSafeApiBaseUrl(patch.apiBaseUrl, 'patch.apiBaseUrl');
      const next = ctx.settings.changeAudited(ctx.now().toISOString(), 'settings.changed', patch, () =>
        ctx.settings.updateSettings(patch),
      );
      ctx.balance.thresholdChanged();
      ctx.emit({ type: 'settings.changed', settings: next });
      return next;
    },
    setManagerPin: async ({ pin, currentPin }) => {
      ctx.managerPin.set(pin, currentPin);
      ctx.settings.audit(ctx.now().toISOString(), 'manager-pin.set', null, null);
      statusChanged();
      return { set: true as const };
    },
    verifyManagerPin: async ({ pin }) => ({ valid: ctx.managerPin.verify(pin) }),
  };
}
