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
  const flow = useTopUp((state) => state.flow);
  if (flow.step === 'result' || flow.step === 'lost') {
    return (
      <div className="screen topup-screen">
        <h1>{t.topUp.title}</h1>
        <TopUpResult />
      </div>
    );
  }
  return (
    <div className="screen topup-screen">
      <h1>{t.topUp.title}</h1>
      <IccidField />
      {(flow.step === 'entering' || flow.step === 'found') && flow.error ? (
        <ErrorPanel error={flow.error} />
      ) : null}
      <EsimDetailsView />
      <TopUpOptions />
      {flow.step === 'confirming' || flow.step === 'sending' ? <ConfirmTopUp flow={flow} /> : null}
    </div>
  );
}
