import { useEffect, useRef, useState } from 'react';
import type { PosError, Result } from '../../../shared/errors';

/**
 * What a care card reads each time it opens (the eSIMs live, what may still be refunded): null until
 * the answer comes, and an error goes to `onError`. `id` names the record read: another reads again.
 */
export function useReadWhenOpen<T>(
  open: boolean,
  id: string,
  read: (id: string) => Promise<Result<T>>,
  onError: (error: PosError) => void,
): T | null {
  const [value, setValue] = useState<T | null>(null);
  // The latest callbacks, without reading again each time the card renders new ones.
  const callbacks = useRef({ read, onError });
  callbacks.current = { read, onError };
  useEffect(() => {
    if (!open) return;
    let live = true;
    setValue(null);
    void callbacks.current.read(id).then((answer) => {
      if (!live) return;
      if (answer.ok) setValue(answer.value);
      else callbacks.current.onError(answer.error);
    });
    return () => {
      live = false;
    };
  }, [open, id]);
  return value;
}
