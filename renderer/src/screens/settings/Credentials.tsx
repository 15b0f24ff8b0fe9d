import { type ReactNode, useState } from 'react';
import type { PosError } from '../../../../shared/errors';
import { useMessages } from '../../i18n/use-messages';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { TextField } from './TextField';

type CredentialField = 'accessCode' | 'secretKey' | 'apiBaseUrl';

/** The field a refusal names (`details.issues[0].path`), so the form can mark it. */
function refusedField(error: PosError | null): CredentialField | null {
  if (error?.code !== 'INVALID_INPUT') return null;
  const last = error.details?.issues[0]?.path.split('.').pop();
  return last === 'accessCode' || last === 'secretKey' || last === 'apiBaseUrl' ? last : null;
}

/**
 * The API description names no host (its `{base_url}` is the provider's to give, ending in
 * /api/v1/business), so no address is guessed: a live one must be https, and that is where it starts.
 */
const NEW_ADDRESS = 'https://';

/**
 * Going live: the provider's address sits with the credentials it signs for. Test connection tries
 * exactly what is typed here (address included), never the stored credentials; a refused save keeps
 * every field as typed and marks the one the refusal names.
 */
export function Credentials(): ReactNode {
  const t = useMessages();
  const status = useSession((state) => state.status);
  const configured = useSettings((state) => state.settings?.apiBaseUrl ?? null);
  const setCredentials = useSettings((state) => state.setCredentials);
  const clearCredentials = useSettings((state) => state.clearCredentials);
  const testConnection = useSettings((state) => state.testConnection);
  const busy = useSettings((state) => state.busy);
  const error = useSettings((state) => state.error);
  const [accessCode, setAccessCode] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [apiBaseUrl, setApiBaseUrl] = useState<string | null>(null);
  if (!status) return null;
  // Pre-filled with the address the counter is configured for, until the manager types another; a
  // counter never configured starts from the one part every live address has (docs/counter.md).
  const address = apiBaseUrl ?? configured ?? (status.mode === 'live' ? status.apiBaseUrl : NEW_ADDRESS);
  const typed = {
    accessCode,
    secretKey,
    ...(address.trim() && address.trim() !== NEW_ADDRESS ? { apiBaseUrl: address.trim() } : {}),
  };
  const refused = refusedField(error);
  return (
    // The core's refusal names and marks the field in the counter's words, not the browser's bubble.
    <form
      className="card"
      noValidate
      aria-label={t.settings.credentials}
      onSubmit={(event) => {
        event.preventDefault();
        void setCredentials(typed).then((stored) => {
          if (stored) setSecretKey('');
        });
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
      <TextField
        label={t.settings.apiBaseUrl}
        value={address}
        onChange={setApiBaseUrl}
        hint={t.settings.apiBaseUrlHint}
        type="url"
        dir="ltr"
        invalid={refused === 'apiBaseUrl'}
      />
      <TextField
        label={t.settings.accessCode}
        value={accessCode}
        onChange={setAccessCode}
        dir="ltr"
        invalid={refused === 'accessCode'}
      />
      <TextField
        label={t.settings.secretKey}
        value={secretKey}
        onChange={setSecretKey}
        type="password"
        dir="ltr"
        invalid={refused === 'secretKey'}
      />
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={busy || !accessCode.trim() || !secretKey.trim()}
          onClick={() => void testConnection(typed)}
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
