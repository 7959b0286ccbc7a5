// A first visit's guide: three steps (data, column roles, Run and the results) above the data,
// shown until dismissed. The dismissal is remembered in this browser's localStorage, nothing
// else is kept and nothing is sent: a browser that refuses storage shows the steps each visit.
import { find } from './dom';

/** The localStorage key that says the guide was dismissed. */
export const GUIDE_KEY = 'onepass-guide-dismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(GUIDE_KEY) === '1';
  } catch {
    return false; // storage refused (a sandboxed frame, a privacy setting): show it
  }
}

export function mountGuide(root: ParentNode): void {
  const guide = find<HTMLElement>(root, 'guide');
  const close = find<HTMLButtonElement>(guide, 'guide-close');
  guide.hidden = dismissed();
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(GUIDE_KEY, '1');
    } catch {
      // Not remembered: hidden for this visit only.
    }
    guide.hidden = true;
    // Focus goes on to the first step's panel rather than to the body.
    find<HTMLElement>(root, 'data-title').focus();
  });
}
