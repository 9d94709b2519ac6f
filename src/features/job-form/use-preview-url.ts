// An object URL for previewing a chosen file: the previous one is revoked when it changes, the last on unmount.
import { useCallback, useEffect, useRef, useState } from 'react';

export function usePreviewUrl(): [string | null, (file: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  const show = useCallback((file: Blob | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );

  return [url, show];
}
