import { useEffect } from 'react';

/**
 * A file dropped anywhere outside the drop zone would make the window navigate to it
 * (leaving the app). Cancelling dragover/drop on the window stops that; the drop zone
 * handles its own drops before they bubble here.
 */
export function usePreventFileNavigation(): void {
  useEffect(() => {
    const cancel = (event: DragEvent) => {
      if (event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', cancel);
    window.addEventListener('drop', cancel);
    return () => {
      window.removeEventListener('dragover', cancel);
      window.removeEventListener('drop', cancel);
    };
  }, []);
}
