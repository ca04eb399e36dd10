import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** navigator.onLine, kept current through the online and offline events. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
