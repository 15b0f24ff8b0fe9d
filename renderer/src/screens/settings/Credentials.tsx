import { type ReactNode, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { TextField } from './TextField';

export function Credentials(): ReactNode {
  const t = useMessages();
  const status = useSession((state) => state.status);
  const setCredentials = useSettings((state) => state.setCredentials);
  const clearCredentials = useSettings((state) => state.clearCredentials);
  const testConnection = useSettings((state) => state.testConnection);
  const busy = useSettings((state) => state.busy);
  const [accessCode, setAccessCode] = useState('');
  const [secretKey, setSecretKey] = useState('');
  if (!status) return null;
  const given = accessCode.trim() && secretKey.trim() ? { accessCode, secretKey } : {};
  return (
    <form
      className="card"
      aria-label={t.settings.credentials}
      onSubmit={(event) => {
        event.preventDefault();
        void setCredentials({ accessCode, secretKey }).then(() => setSecretKey(''));
      }}
    >
      <h2>{t.settings.api}</h2>
      <p>{t.settings.mode(t.settings.modes[status.mode])}</p>
      <p>
        {status.credentials.stored && status.credentials.maskedAccessCode
          ? t.settings.credentialsStored(status.credentials.maskedAccessCode)
          : t.settings.credentialsNone}
      </p>
      {status.keychainProblem !== null ? (
        <p className="warning">{t.settings.keychainMissing[status.keychainProblem]}</p>
      ) : null}
      <TextField label={t.settings.accessCode} value={accessCode} onChange={setAccessCode} dir="ltr" />
      <TextField
        label={t.settings.secretKey}
        value={secretKey}
        onChange={setSecretKey}
        type="password"
        dir="ltr"
      />
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void testConnection(given)}
        >
          {busy ? t.settings.testing : t.settings.testConnection}
        </button>
        <button type="submit" className="primary" disabled={busy || !accessCode.trim() || !secretKey.trim()}>
          {t.settings.saveCredentials}
        </button>
        {status.credentials.stored ? (
          <button type="button" className="danger" disabled={busy} onClick={() => void clearCredentials()}>
            {t.settings.clearCredentials}
          </button>
        ) : null}
      </div>
    </form>
  );
}
