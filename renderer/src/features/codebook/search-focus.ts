/**
 * The key that focuses the codebook search (review and adjudication bind it) reaches the one
 * panel on screen through here; Escape in the search gives focus back to where it was.
 */
let mountedSearch: HTMLInputElement | null = null;
let focusedBefore: Element | null = null;

/** Called by the panel with its search box on mount, with null on unmount. */
export function registerCodebookSearch(input: HTMLInputElement | null): void {
  mountedSearch = input;
}

/** Focuses the codebook search, remembering what had focus; false when no panel is shown. */
export function focusCodebookSearch(): boolean {
  const input = mountedSearch;
  if (!input || !input.isConnected) return false;
  if (document.activeElement !== input) focusedBefore = document.activeElement;
  input.focus();
  input.select();
  return true;
}

/** Gives focus back to the element that had it before the search, or to nothing (the view's keys work again). */
export function returnFocusFromCodebookSearch(): void {
  const before = focusedBefore;
  focusedBefore = null;
  if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
  else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
