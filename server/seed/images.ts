// Generated illustrations of the demo chain: one small SVG per product, group, story and slide,
// drawn from the product's group and composition (salmon rolls look orange, cola is dark,
// pepperoni has red slices). Deterministic: the same menu gives the same bytes, so the files
// committed under server/seed/images/ can be checked against this generator.
// URL convention: '/img/<kind>/<id>.svg' ↔ server/seed/images/<kind>/<id>.svg.
import { unitHash as fnv } from './geo.js';

/** 0..1 from a string, with a final avalanche so near keys ('a1', 'a2') land far apart. */
function unitHash(text: string): number {
  let h = Math.floor(fnv(text) * 0x1_0000_0000);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 0x1_0000_0000;
}
import { GROUP } from './ids.js';
import type { SeedGroup, SeedProduct } from './menu.js';

const r = (n: number) => Math.round(n);
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;
const circle = (cx: number, cy: number, rad: number, fill: string, extra = '') =>
  `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad)}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${rx}" fill="${fill}"${extra}/>`;

/** Colour of the main filling, from the composition text. */
function fillingColour(text: string): string {
  const t = text.toLowerCase();
  const table: [string, string][] = [
    ['угорь', '#7a4a2a'],
    ['лосос', '#f08a5d'],
    ['тунец', '#c0392b'],
    ['краб', '#f26b6b'],
    ['кревет', '#ff9f80'],
    ['гребеш', '#f3e0c4'],
    ['мид', '#d99a4e'],
    ['кур', '#e8c07d'],
    ['чука', '#6dbb4a'],
    ['огур', '#7cc36a'],
  ];
  return table.find(([key]) => t.includes(key))?.[1] ?? '#f6a04d';
}

function plate(colour = '#f4efe6'): string {
  return circle(200, 200, 190, colour) + circle(200, 200, 170, '#ffffff', ' opacity=".55"');
}

function rollPiece(cx: number, cy: number, rad: number, filling: string, second: string, baked: boolean): string {
  let out = circle(cx, cy, rad, '#23302a') + circle(cx, cy, rad * 0.86, '#fbfaf5');
  out +=
    circle(cx - rad * 0.15, cy, rad * 0.38, filling) + circle(cx + rad * 0.25, cy + rad * 0.15, rad * 0.22, second);
  if (baked)
    out +=
      circle(cx, cy, rad * 0.9, '#f2a93b', ' opacity=".8"') +
      circle(cx - rad * 0.3, cy - rad * 0.3, rad * 0.18, '#fff3c4', ' opacity=".7"');
  return out;
}

function rolls(p: SeedProduct, baked: boolean): string {
  const filling = fillingColour(p.description);
  const second = p.description.toLowerCase().includes('сыр') ? '#fffbe8' : '#9ccc65';
  const count = p.description.includes('6 шт') ? 6 : 8;
  let out = plate();
  out += circle(200, 200, 48, filling === '#7a4a2a' ? '#5b3a1e' : '#3c5a47', ' opacity=".15"');
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + unitHash(p.id) * 0.6;
    out += rollPiece(200 + Math.cos(a) * 105, 200 + Math.sin(a) * 105, 44, filling, second, baked);
  }
  out += circle(200, 200, 34, '#f7b8c4') + circle(200, 200, 14, '#8bc34a');
  return svg(400, 400, out);
}

function set(p: SeedProduct): string {
  let out = rect(20, 60, 360, 280, '#c8935a', 24) + rect(34, 74, 332, 252, '#d9a86c', 18);
  const fillings = ['#f08a5d', '#f26b6b', '#7cc36a', '#7a4a2a', '#f2a93b'];
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 4; x++) {
      const f = fillings[Math.floor(unitHash(`${p.id}${x}${y}`) * fillings.length)] ?? '#f08a5d';
      out += rollPiece(92 + x * 72, 150 + y * 100, 32, f, '#fffbe8', f === '#f2a93b');
    }
  }
  return svg(400, 400, out);
}

function pizza(p: SeedProduct): string {
  const t = p.description.toLowerCase();
  const white = t.includes('сливочн');
  let out = plate('#efe7dc') + circle(200, 200, 165, '#d99a4e') + circle(200, 200, 145, white ? '#f5ecd2' : '#d8442f');
  out += circle(200, 200, 138, '#f7d774', ' opacity=".85"');
  const toppings: string[] = [];
  if (t.includes('пепперони') || t.includes('колбас')) toppings.push('#b3261e');
  if (t.includes('ветчин')) toppings.push('#f29ca3');
  if (t.includes('гриб') || t.includes('шампиньон')) toppings.push('#b9a48a');
  if (t.includes('томат')) toppings.push('#e53935');
  if (t.includes('маслин')) toppings.push('#2e2e2e');
  if (t.includes('ананас')) toppings.push('#ffe066');
  if (t.includes('кур') || t.includes('бекон')) toppings.push('#e8b07d');
  if (t.includes('кревет') || t.includes('лосос')) toppings.push('#ff8a65');
  if (t.includes('базилик') || t.includes('перец') || t.includes('салат')) toppings.push('#4caf50');
  if (toppings.length === 0) toppings.push('#fff3c4');
  for (let i = 0; i < 16; i++) {
    const a = unitHash(`${p.id}a${i}`) * Math.PI * 2;
    const d = 25 + unitHash(`${p.id}d${i}`) * 95;
    out += circle(
      200 + Math.cos(a) * d,
      200 + Math.sin(a) * d,
      11 + unitHash(`${p.id}s${i}`) * 8,
      toppings[i % toppings.length] ?? '#fff',
    );
  }
  out += `<path d="M35 200H365M118 57L282 343M118 343L282 57" stroke="#c9853d" stroke-width="3" opacity=".7"/>`;
  return svg(400, 400, out);
}

function snack(p: SeedProduct): string {
  const id = p.id;
  let out = plate();
  if (id.includes('fries') || id.includes('wedges')) {
    const wedges = id.includes('wedges');
    for (let i = 0; i < 11; i++) {
      const x = 120 + i * 15;
      const h = 120 + unitHash(`${id}${i}`) * 60;
      out += rect(
        x,
        230 - h,
        wedges ? 20 : 12,
        h,
        wedges ? '#d9902f' : '#f7c744',
        4,
        ` transform="rotate(${r(unitHash(`${id}r${i}`) * 20 - 10)} ${x} 230)"`,
      );
    }
    out += `<path d="M110 200L290 200L270 330L130 330Z" fill="#d32f2f"/>` + circle(200, 262, 24, '#ffca28');
  } else if (id.includes('rings')) {
    for (let i = 0; i < 6; i++)
      out += circle(
        130 + (i % 3) * 70,
        160 + Math.floor(i / 3) * 80,
        38,
        'none',
        ' stroke="#e0a040" stroke-width="18"',
      );
  } else if (id.includes('shrimp')) {
    for (let i = 0; i < 6; i++)
      out +=
        `<path d="M${110 + (i % 3) * 70} ${150 + Math.floor(i / 3) * 90}q50 -40 60 20q-30 10 -60 -20z" fill="#f0b060"/>` +
        circle(118 + (i % 3) * 70, 150 + Math.floor(i / 3) * 90, 8, '#ff7043');
  } else if (id.includes('edamame') || id.includes('chuka')) {
    const green = id.includes('chuka') ? '#43a047' : '#7cb342';
    for (let i = 0; i < 14; i++) {
      const a = unitHash(`${id}${i}`) * Math.PI * 2;
      out += `<ellipse cx="${r(200 + Math.cos(a) * 80)}" cy="${r(200 + Math.sin(a) * 80)}" rx="${id.includes('chuka') ? 60 : 34}" ry="12" fill="${green}" transform="rotate(${r(a * 57)} ${r(200 + Math.cos(a) * 80)} ${r(200 + Math.sin(a) * 80)})"/>`;
    }
    out += circle(200, 200, 30, '#fff8e1') + circle(190, 195, 4, '#3e2723') + circle(210, 205, 4, '#3e2723');
  } else {
    const colour = id.includes('wings')
      ? '#a0522d'
      : id.includes('cheese')
        ? '#f4b942'
        : id.includes('gyoza')
          ? '#f3e3c3'
          : '#d9a441';
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2;
      out += `<ellipse cx="${r(200 + Math.cos(a) * 90)}" cy="${r(200 + Math.sin(a) * 90)}" rx="46" ry="30" fill="${colour}" stroke="#00000022" stroke-width="4"/>`;
    }
    out += circle(200, 200, 36, '#c62828');
  }
  return svg(400, 400, out);
}

const DRINK_COLOURS: [string, string][] = [
  ['cola', '#3e1f12'],
  ['sprite', '#c5e1a5'],
  ['fanta', '#fb8c00'],
  ['mors', '#ad1457'],
  ['juice', '#ffa726'],
  ['water', '#b3e5fc'],
  ['tea', '#c17817'],
  ['lemonade', '#dce775'],
];

function drink(p: SeedProduct): string {
  const colour = DRINK_COLOURS.find(([key]) => p.id.includes(key))?.[1] ?? '#90caf9';
  const bottle = p.id.includes('cola') || p.id.includes('sprite') || p.id.includes('fanta') || p.id.includes('water');
  let out = circle(200, 200, 190, '#eef5fb');
  if (bottle) {
    out += `<path d="M175 40h50v50q45 30 45 80v190q0 20-20 20h-100q-20 0-20-20v-190q0-50 45-80z" fill="${colour}" opacity=".92"/>`;
    out +=
      rect(170, 28, 60, 22, '#37474f', 5) +
      rect(130, 200, 140, 70, '#ffffff', 6, ' opacity=".85"') +
      rect(150, 222, 100, 10, colour, 4);
  } else {
    out += `<path d="M110 90h180l-22 270q-2 15-18 15h-100q-16 0-18-15z" fill="#ffffff" stroke="#90a4ae" stroke-width="5"/>`;
    out += `<path d="M121 150h158l-16 205q-1 10-12 10h-102q-11 0-12-10z" fill="${colour}"/>`;
    out += rect(215, 40, 12, 150, '#ef5350', 6, ' transform="rotate(15 221 115)"');
    if (p.id.includes('lemonade') || p.id.includes('tea'))
      out += circle(170, 175, 28, '#fff176', ' stroke="#cddc39" stroke-width="6"') + circle(235, 230, 10, '#a5d6a7');
  }
  return svg(400, 400, out);
}

function dish(colour: string, inner: string, extra = ''): string {
  return svg(
    400,
    400,
    plate() +
      circle(200, 200, 120, '#fafafa', ' stroke="#cfd8dc" stroke-width="8"') +
      circle(200, 205, 90, colour) +
      circle(175, 180, 22, inner, ' opacity=".6"') +
      extra,
  );
}

function sauce(p: SeedProduct): string {
  const colours: Record<string, string> = {
    'sauce-soy': '#3b2314',
    'sauce-spicy': '#ff7043',
    'sauce-unagi': '#5d3a1a',
    'sauce-teriyaki': '#6d4c41',
    'sauce-cheese': '#ffd54f',
    'sauce-sweet-sour': '#e65100',
    'sauce-garlic': '#f5f5dc',
    'soy-sauce-portion': '#3b2314',
    'sesame-sauce': '#c8a165',
  };
  return dish(colours[p.id] ?? '#8d6e63', '#ffffff');
}

function dessert(p: SeedProduct): string {
  let out = plate('#fbe9e7');
  if (p.id.startsWith('mochi')) {
    const colour = p.id.includes('mango') ? '#ffcc80' : '#f8bbd0';
    out +=
      circle(150, 215, 70, colour) +
      circle(255, 195, 70, colour) +
      circle(135, 195, 14, '#ffffff', ' opacity=".6"') +
      circle(240, 175, 14, '#ffffff', ' opacity=".6"');
  } else if (p.id === 'brownie') {
    out += rect(110, 130, 180, 140, '#4e342e', 12) + rect(110, 130, 180, 30, '#3e2723', 12);
    for (let i = 0; i < 5; i++) out += circle(135 + i * 32, 205 + (i % 2) * 25, 10, '#a1887f');
  } else {
    const top = p.id === 'tiramisu' ? '#8d6e63' : '#fff8e1';
    const body = p.id === 'tiramisu' ? '#f3e5ab' : '#fff3c4';
    out += `<path d="M90 280L310 280L310 190L90 140Z" fill="${body}" stroke="#e0c48c" stroke-width="4"/><path d="M90 140L310 190L310 170L90 120Z" fill="${top}"/>`;
    out += rect(90, 270, 220, 18, p.id === 'tiramisu' ? '#6d4c41' : '#d7a86e', 4);
    if (p.id !== 'tiramisu') out += circle(250, 160, 18, '#c62828');
  }
  return svg(400, 400, out);
}

/** A square picture of `content` on a disc of `colour`. */
const onDisc = (colour: string, content: string) => svg(400, 400, circle(200, 200, 190, colour) + content);

function extra(p: SeedProduct): string {
  switch (p.id) {
    case 'ginger':
      return dish('#f8bbd0', '#fce4ec');
    case 'wasabi':
      return dish('#fafafa', '#ffffff', circle(200, 205, 40, '#8bc34a') + circle(215, 195, 15, '#aed581'));
    case 'chopsticks':
    case 'training-chopsticks':
      return onDisc(
        '#f4efe6',
        rect(120, 60, 14, 290, '#c8a165', 7, ' transform="rotate(-12 127 205)"') +
          rect(230, 60, 14, 290, '#c8a165', 7, ' transform="rotate(12 237 205)"') +
          (p.id === 'training-chopsticks' ? rect(150, 90, 100, 30, '#ef5350', 10) : ''),
      );
    case 'wet-wipes':
      return onDisc(
        '#e3f2fd',
        rect(100, 130, 200, 140, '#ffffff', 16, ' stroke="#64b5f6" stroke-width="8"') +
          rect(150, 185, 100, 30, '#64b5f6', 8),
      );
    case 'extra-rice':
      return dish('#ffffff', '#eeeeee', circle(180, 200, 6, '#e0e0e0') + circle(215, 220, 6, '#e0e0e0'));
    default:
      return dish('#bcaaa4', '#ffffff');
  }
}

/** How each menu group's products are drawn; the groups not named here get `extra`. */
const DRAWING_OF_GROUP: Readonly<Record<string, (p: SeedProduct) => string>> = {
  [GROUP.rolls]: (p) => rolls(p, false),
  [GROUP.bakedRolls]: (p) => rolls(p, true),
  [GROUP.sets]: set,
  [GROUP.pizza]: pizza,
  [GROUP.snacks]: snack,
  [GROUP.drinks]: drink,
  [GROUP.sauces]: sauce,
  [GROUP.desserts]: dessert,
};

export function productSvg(p: SeedProduct): string {
  const draw = DRAWING_OF_GROUP[p.parentGroup];
  if (draw !== undefined) return draw(p);
  return p.parentGroup === GROUP.addToOrder && p.id.includes('sauce') ? sauce(p) : extra(p);
}

/** A representative product drawing for a menu group (its first product). */
export function groupSvg(group: SeedGroup, products: SeedProduct[]): string | null {
  const first = products.find((p) => p.parentGroup === group.id);
  return first ? productSvg(first) : null;
}

const GRADIENTS: [string, string][] = [
  ['#ff7043', '#ffca28'],
  ['#26a69a', '#9ccc65'],
  ['#5c6bc0', '#ab47bc'],
  ['#ef5350', '#ff8a65'],
  ['#29b6f6', '#26c6da'],
];

/** A banner: a diagonal gradient with a product drawing placed on it (no text: the client writes the title). */
export function bannerSvg(id: string, width: number, height: number, drawings: string[]): string {
  const [from, to] = GRADIENTS[Math.floor(unitHash(id) * GRADIENTS.length)] ?? ['#ff7043', '#ffca28'];
  const gid = `g${Math.floor(unitHash(`${id}g`) * 1e6)}`;
  let out = `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
  out += rect(0, 0, width, height, `url(#${gid})`);
  out += circle(width * 0.15, height * 0.2, Math.min(width, height) * 0.25, '#ffffff', ' opacity=".12"');
  out += circle(width * 0.9, height * 0.95, Math.min(width, height) * 0.35, '#ffffff', ' opacity=".1"');
  const size = Math.min(height * 0.8, (width / Math.max(drawings.length, 1)) * 0.9);
  drawings.forEach((drawing, i) => {
    const inner = drawing.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    const x = width - (drawings.length - i) * size * 1.05 - width * 0.03;
    const y = (height - size) / 2 + (i % 2) * height * 0.05;
    out += `<g transform="translate(${r(x)} ${r(y)}) scale(${(size / 400).toFixed(3)})">${inner}</g>`;
  });
  return svg(width, height, out);
}
