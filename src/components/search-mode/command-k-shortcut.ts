/**
 * The command-K shortcut that opens the search overlay: Ctrl+K (Windows, Linux) or Cmd+K (macOS), with no
 * other modifier. Key names are compared case-insensitively (Caps Lock gives `K`).
 */
export interface ShortcutKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

export function isCommandKShortcut(event: ShortcutKey): boolean {
  if (event.key.toLowerCase() !== 'k') return false;
  if (event.altKey || event.shiftKey) return false;
  return event.ctrlKey !== event.metaKey;
}
