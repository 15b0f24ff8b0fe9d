import type { ReactNode } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useMessages } from '../../i18n/use-messages';
import { useTopUp } from '../../stores/topup-store';
import { ConfirmTopUp } from './ConfirmTopUp';
import { EsimDetailsView } from './EsimDetailsView';
import { IccidField } from './IccidField';
import { TopUpOptions } from './TopUpOptions';
import { TopUpResult } from './TopUpResult';
import './topup.css';

export function TopUpScreen(): ReactNode {
  const t = useMessages();
  const phase = useTopUp((state) => state.phase);
  const chosen = useTopUp((state) => state.chosen);
  const error = useTopUp((state) => state.error);
  if (phase === 'result') {
    return (
      <div className="screen topup-screen">
        <TopUpResult />
      </div>
    );
  }
  return (
    <div className="screen topup-screen">
      <h1>{t.topUp.title}</h1>
      <IccidField />
      {error ? <ErrorPanel error={error} /> : null}
      <EsimDetailsView />
      <TopUpOptions />
      {chosen && (phase === 'confirm' || phase === 'repeat' || phase === 'sending') ? (
        <ConfirmTopUp option={chosen} />
      ) : null}
    </div>
  );
}
