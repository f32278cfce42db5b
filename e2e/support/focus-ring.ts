import type { Page } from '@playwright/test';

type Rgba = [number, number, number, number];

/** A computed colour as Chromium reports it: `rgb(r, g, b)` or `rgba(r, g, b, a)`. */
export function parseColor(css: string): Rgba {
  const match = css.match(/^rgba?\(([^)]+)\)$/);
  if (!match?.[1]) throw new Error(`Not a computed sRGB colour: ${css}`);
  const [r = 0, g = 0, b = 0, a = 1] = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r, g, b, a];
}

/** `top` painted over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const [r, g, b, a] = top;
  return [r * a + bottom[0] * (1 - a), g * a + bottom[1] * (1 - a), b * a + bottom[2] * (1 - a), 1];
}

/** WCAG 2 relative luminance of an opaque sRGB colour. */
function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour behind something, from the backgrounds of it and its ancestors, innermost first,
 * down to the first opaque one (the browser's white canvas when none is).
 */
export function compose(layers: string[]): Rgba {
  let colour: Rgba = [255, 255, 255, 1];
  for (const layer of [...layers].reverse()) colour = over(parseColor(layer), colour);
  return colour;
}

export interface FocusRing {
  /** The focused control, as a short description. */
  target: string;
  /** The ring as drawn, or null when the focused control shows no ring at all. */
  ring: { color: string; width: number; style: string } | null;
  /** The backgrounds the ring is drawn over, innermost first, down to the first opaque one. */
  behind: string[];
}

/**
 * Reads, from the page's computed styles, the ring drawn for whatever has focus and the
 * backgrounds behind it. A ring drawn outside the control (a positive offset) lies on its
 * container's background; an inset ring (the answer editor's) lies on the control's own. A control
 * that is visually hidden (the star rating's radios) shows its focus on its label instead.
 */
export function readFocusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40);
    const role = focused.getAttribute('role');
    const target = `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ''}${role ? `[role=${role}]` : ''} "${name}"`;
    const drawsRing = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return (
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        Number.parseFloat(style.opacity) > 0 &&
        box.width > 1 &&
        box.height > 1
      );
    };
    const labels = 'labels' in focused ? Array.from((focused as HTMLInputElement).labels ?? []) : [];
    const drawn = [focused, ...labels].find(drawsRing);
    if (!drawn) return { target, ring: null, behind: [] };
    // The ring as it settles: a control with a transition (the toasts' close button) fades it in.
    for (const animation of drawn.getAnimations()) animation.finish();
    const style = getComputedStyle(drawn);
    const behind: string[] = [];
    const opaque = (colour: string) => !/rgba\(.*,\s*0(\.\d+)?\)$/.test(colour) && colour !== 'transparent';
    for (
      let element: HTMLElement | null = Number.parseFloat(style.outlineOffset) < 0 ? drawn : drawn.parentElement;
      element;
      element = element.parentElement
    ) {
      const background = getComputedStyle(element).backgroundColor;
      behind.push(background);
      if (opaque(background)) break;
    }
    return {
      target,
      ring: { color: style.outlineColor, width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle },
      behind,
    };
  });
}

/** What is wrong with this ring, or null when it is a visible ring at 3:1 or more against what is behind it. */
export function ringProblem(found: FocusRing, minWidth = 2): string | null {
  if (!found.ring) return `${found.target}: no focus ring`;
  if (found.ring.width < minWidth) return `${found.target}: a ${found.ring.width}px ring`;
  const ratio = contrastRatio(compose([found.ring.color]), compose(found.behind));
  if (ratio < 3)
    return `${found.target}: ${found.ring.color} on ${found.behind.join(' over ')} is ${ratio.toFixed(2)}:1`;
  return null;
}
