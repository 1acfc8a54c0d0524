/**
 * Self-made illustrations, one drawn scene per project category (a school, a boat clinic, a laptop, a browser window,
 * relief packs, a rooftop farm, a solar pump, a film set, savings that grow) and an identity document. Each scene is a
 * list of flat shapes on a 640 × 400 canvas, written out either as SVG (the site's category pictures) or as PNG (the
 * demo projects' uploaded photos, which the upload check accepts as PNG only). Nothing is fetched from anywhere.
 */
import { encodePng } from './png';

export type Shape =
  | { t: 'rect'; x: number; y: number; w: number; h: number; r?: number; fill: string; o?: number }
  | { t: 'circle'; cx: number; cy: number; r: number; fill: string; o?: number }
  | { t: 'ellipse'; cx: number; cy: number; rx: number; ry: number; fill: string; o?: number }
  | { t: 'poly'; points: [number, number][]; fill: string; o?: number }
  | { t: 'line'; x1: number; y1: number; x2: number; y2: number; w: number; fill: string; o?: number };

export const WIDTH = 640;
export const HEIGHT = 400;

const rect = (x: number, y: number, w: number, h: number, fill: string, r?: number): Shape => ({ t: 'rect', x, y, w, h, fill, ...(r ? { r } : {}) });
const circle = (cx: number, cy: number, r: number, fill: string, o?: number): Shape => ({ t: 'circle', cx, cy, r, fill, ...(o ? { o } : {}) });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string): Shape => ({ t: 'ellipse', cx, cy, rx, ry, fill });
const poly = (fill: string, ...points: [number, number][]): Shape => ({ t: 'poly', points, fill });
const line = (x1: number, y1: number, x2: number, y2: number, w: number, fill: string, o?: number): Shape => ({ t: 'line', x1, y1, x2, y2, w, fill, ...(o ? { o } : {}) });

/** A school with Bangladesh's flag, a tree and a pile of books. */
function school(): Shape[] {
  const books = ['#2f5d50', '#e0a526', '#c0504d', '#3b6ea5'].map((c, i) => rect(70 + (i % 2) * 8, 330 - i * 16, 110 - i * 6, 14, c, 3));
  return [
    rect(0, 0, WIDTH, HEIGHT, '#fff3d6'),
    circle(560, 70, 38, '#f2b705'),
    rect(0, 300, WIDTH, 100, '#9cc27a'),
    rect(0, 340, WIDTH, 60, '#7aa75a'),
    line(320, 116, 320, 40, 4, '#5b4a3a'),
    rect(322, 42, 50, 32, '#006a4e'),
    circle(344, 58, 10, '#f42a41'),
    poly('#7a2e2b', [180, 180], [320, 112], [460, 180]),
    rect(200, 178, 240, 126, '#c0504d'),
    rect(300, 244, 40, 60, '#5a3a22', 4),
    ...[224, 376].flatMap((x) => [rect(x, 200, 40, 32, '#fdf6e3', 3), line(x + 20, 200, x + 20, 232, 3, '#7a2e2b')]),
    rect(224, 250, 40, 32, '#fdf6e3', 3),
    rect(376, 250, 40, 32, '#fdf6e3', 3),
    rect(520, 230, 16, 80, '#6b4f33'),
    circle(528, 210, 46, '#3f8f4a'),
    circle(500, 230, 28, '#4fa35a'),
    ...books,
  ];
}

/** A boat clinic with a red cross on a river, a village on the far bank. */
function boatClinic(): Shape[] {
  const waves = [290, 330, 370].flatMap((y, i) => [0, 1, 2, 3].map((k) => line(40 + k * 160 + i * 50, y, 100 + k * 160 + i * 50, y, 4, '#8cc5e3')));
  return [
    rect(0, 0, WIDTH, HEIGHT, '#dff3f7'),
    circle(110, 80, 34, '#ffd166'),
    poly('#5c9e5a', [0, 230], [140, 200], [300, 222], [460, 196], [640, 226], [640, 262], [0, 262]),
    ...[60, 120, 480, 540].flatMap((x) => [rect(x, 200, 36, 28, '#e9d8b4'), poly('#8a5a3b', [x - 6, 202], [x + 18, 184], [x + 42, 202])]),
    rect(0, 258, WIDTH, 142, '#3d8fb8'),
    ...waves,
    poly('#f7f7f2', [150, 262], [490, 262], [450, 318], [190, 318]),
    rect(150, 262, 340, 10, '#2a5d7c'),
    rect(236, 196, 170, 68, '#ffffff', 6),
    rect(228, 186, 186, 14, '#2a5d7c', 4),
    rect(306, 210, 30, 44, '#d64541'),
    rect(299, 218, 44, 28, '#d64541'),
    rect(252, 214, 36, 26, '#bfe3f2', 3),
    rect(354, 214, 36, 26, '#bfe3f2', 3),
    line(430, 262, 470, 200, 4, '#5b4a3a'),
  ];
}

/** A laptop with code on its screen, a phone and a circuit trace above. */
function laptop(): Shape[] {
  const code = [
    [0, 110, '#ffd166'], [20, 150, '#8fd3ff'], [20, 90, '#ff8fab'], [40, 130, '#8fd3ff'], [20, 70, '#b5e48c'], [0, 60, '#ffd166'],
  ] as const;
  return [
    rect(0, 0, WIDTH, HEIGHT, '#e8eefc'),
    ...[[60, 60, 200, 60], [200, 60, 200, 24], [440, 40, 580, 40], [580, 40, 580, 90]].map(([a, b, c, d]) => line(a!, b!, c!, d!, 4, '#b6c4ea')),
    circle(60, 60, 8, '#6f86d6'),
    circle(200, 24, 8, '#6f86d6'),
    circle(580, 90, 8, '#6f86d6'),
    circle(440, 40, 8, '#6f86d6'),
    rect(0, 312, WIDTH, 88, '#8a6d57'),
    rect(188, 100, 264, 186, '#2b2f3a', 10),
    rect(202, 114, 236, 158, '#17324d', 4),
    ...code.map(([indent, len, c], i) => line(222 + indent, 136 + i * 22, 222 + indent + len, 136 + i * 22, 8, c)),
    poly('#c7ccd6', [164, 286], [476, 286], [500, 314], [140, 314]),
    rect(290, 292, 60, 6, '#9aa1b0', 3),
    rect(522, 236, 50, 84, '#39404f', 8),
    rect(528, 246, 38, 60, '#8fd3ff', 3),
    circle(96, 292, 26, '#e07a5f'),
    rect(80, 292, 32, 24, '#c8553d'),
  ];
}

/** A browser window with a page being laid out, and a pointer. */
function browserWindow(): Shape[] {
  return [
    rect(0, 0, WIDTH, HEIGHT, '#f1e9fb'),
    circle(80, 330, 60, '#e2d4f6'),
    circle(580, 70, 44, '#e2d4f6'),
    rect(108, 62, 424, 270, '#ffffff', 12),
    rect(108, 62, 424, 34, '#7e57c2', 12),
    rect(108, 84, 424, 12, '#7e57c2'),
    circle(130, 79, 6, '#ff6b6b'),
    circle(150, 79, 6, '#ffd166'),
    circle(170, 79, 6, '#63d471'),
    rect(196, 71, 300, 16, '#9f7ee0', 8),
    rect(128, 110, 384, 26, '#ede4fa', 4),
    rect(128, 150, 180, 110, '#b39ddb', 6),
    poly('#7e57c2', [140, 250], [190, 190], [230, 230], [258, 206], [296, 250]),
    circle(270, 176, 12, '#fff3c4'),
    ...[0, 1, 2, 3, 4].map((i) => line(330, 160 + i * 22, 330 + (i % 2 ? 120 : 164), 160 + i * 22, 8, '#d1c4e9')),
    rect(330, 272, 90, 28, '#7e57c2', 14),
    rect(128, 272, 180, 8, '#ede4fa', 4),
    rect(128, 290, 140, 8, '#ede4fa', 4),
    poly('#2b2f3a', [430, 280], [430, 330], [442, 318], [452, 340], [462, 335], [452, 314], [468, 314]),
  ];
}

/** Relief: stacked food boxes, a rice sack and a folded shirt. */
function reliefPacks(): Shape[] {
  const box = (x: number, y: number): Shape[] => [rect(x, y, 96, 70, '#c8955b', 4), rect(x + 40, y, 16, 70, '#e9c891'), rect(x + 12, y + 40, 26, 16, '#f7efe2', 2)];
  return [
    rect(0, 0, WIDTH, HEIGHT, '#fdeee0'),
    circle(520, 90, 70, '#fbd9b8'),
    rect(0, 318, WIDTH, 82, '#b98b63'),
    ...box(70, 248),
    ...box(170, 248),
    ...box(120, 178),
    rect(300, 200, 110, 122, '#efe3c8', 30),
    rect(322, 182, 66, 30, '#efe3c8', 10),
    line(322, 196, 388, 196, 6, '#b98b63'),
    rect(320, 246, 70, 40, '#2f5d50', 4),
    ellipse(355, 266, 20, 10, '#f3f0e6'),
    poly('#2f80ed', [452, 214], [494, 196], [530, 196], [572, 214], [590, 250], [562, 260], [556, 242], [556, 318], [468, 318], [468, 242], [462, 260], [434, 250]),
    poly('#1c5fc0', [494, 196], [512, 214], [530, 196]),
  ];
}

/** A rooftop farm: city blocks behind, raised beds of greens and tomatoes in front. */
function rooftopFarm(): Shape[] {
  const plants = [90, 250, 410].flatMap((x) => [0, 1, 2, 3].flatMap((k) => [circle(x + 22 + k * 36, 262, 15, '#3f8f4a'), circle(x + 30 + k * 36, 252, 10, '#63b35c')]));
  const tomatoes = [130, 214, 450, 520].map((x) => circle(x, 268, 7, '#e63946'));
  return [
    rect(0, 0, WIDTH, HEIGHT, '#e5f4ff'),
    circle(540, 76, 36, '#ffd166'),
    ...[[20, 110, 90, 190], [120, 70, 70, 230], [200, 130, 100, 170], [320, 90, 80, 210], [420, 140, 110, 160], [540, 100, 90, 200]].flatMap(([x, y, w, h]) => [
      rect(x!, y!, w!, h!, '#aeb9c6'),
      ...[0, 1, 2].map((r) => rect(x! + 12, y! + 16 + r * 34, w! - 24, 14, '#d6dee8')),
    ]),
    rect(0, 290, WIDTH, 110, '#8d99a6'),
    rect(0, 286, WIDTH, 10, '#6b7785'),
    ...[70, 230, 390].flatMap((x) => [rect(x, 268, 160, 40, '#8b5a3c', 4), rect(x, 268, 160, 10, '#5b3a26', 4)]),
    ...plants,
    ...tomatoes,
    rect(560, 300, 40, 36, '#3b6ea5', 6),
    line(600, 310, 624, 296, 6, '#3b6ea5'),
  ];
}

/** A solar pump in the fields: panel on a post, water running into a channel between green and golden rows. */
function solarPump(): Shape[] {
  const rows = [0, 1, 2, 3, 4, 5].map((i) => poly(i % 2 ? '#9ccc65' : '#e9c46a', [i * 110 - 40, 400], [i * 110 + 70, 400], [320 + (i - 2.5) * 30 + 15, 230], [320 + (i - 2.5) * 30 - 15, 230]));
  const cells = [0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => poly('#2d5aa0', [392 + c * 40 + r * 10, 92 + r * 34], [428 + c * 40 + r * 10, 92 + r * 34], [436 + c * 40 + r * 10, 122 + r * 34], [400 + c * 40 + r * 10, 122 + r * 34])));
  return [
    rect(0, 0, WIDTH, HEIGHT, '#fff8d9'),
    circle(120, 90, 56, '#ffb703'),
    circle(120, 90, 80, '#ffd166', 0.45),
    rect(0, 226, WIDTH, 174, '#9ccc65'),
    ...rows,
    poly('#4aa3df', [300, 400], [340, 400], [326, 230], [314, 230]),
    poly('#17324d', [382, 86], [560, 86], [580, 196], [402, 196]),
    ...cells,
    rect(476, 196, 12, 110, '#6c757d'),
    rect(452, 290, 60, 40, '#e76f51', 6),
    line(452, 318, 340, 318, 10, '#6c757d'),
    rect(328, 308, 16, 30, '#6c757d'),
  ];
}

/** A film set: a clapperboard, a reel and a strip of film under a spotlight. */
function filmSet(): Shape[] {
  const stripes = [0, 1, 2, 3, 4].map((i) => poly(i % 2 ? '#f5f5f5' : '#26232f', [150 + i * 40, 150], [190 + i * 40, 150], [170 + i * 40, 176], [130 + i * 40, 176]));
  const holes = Array.from({ length: 12 }, (_, i) => [rect(i * 56 + 8, 318, 22, 14, '#1f1b2e', 3), rect(i * 56 + 8, 372, 22, 14, '#1f1b2e', 3)]).flat();
  return [
    rect(0, 0, WIDTH, HEIGHT, '#1f1b2e'),
    poly('#3a3350', [520, 0], [600, 0], [640, 300], [330, 300]),
    circle(560, 14, 30, '#ffe8a3'),
    rect(120, 176, 230, 130, '#26232f', 8),
    rect(120, 150, 230, 28, '#26232f', 4),
    ...stripes,
    line(140, 214, 320, 214, 6, '#f5f5f5', 0.8),
    line(140, 244, 260, 244, 6, '#f5f5f5', 0.8),
    line(140, 274, 290, 274, 6, '#f5f5f5', 0.8),
    circle(470, 190, 80, '#8e8aa3'),
    circle(470, 190, 22, '#3a3350'),
    ...[0, 1, 2, 3, 4].map((i) => circle(470 + Math.cos((i * 2 * Math.PI) / 5 - Math.PI / 2) * 48, 190 + Math.sin((i * 2 * Math.PI) / 5 - Math.PI / 2) * 48, 17, '#3a3350')),
    rect(0, 310, WIDTH, 84, '#e0a526'),
    ...holes,
    ...[0, 1, 2, 3, 4].map((i) => rect(30 + i * 124, 338, 100, 30, '#f2c86b', 2)),
  ];
}

/** Savings that grow: stacks of coins with a seedling, for any other kind of project. */
function growingSavings(): Shape[] {
  const stack = (x: number, n: number): Shape[] =>
    Array.from({ length: n }, (_, i) => [ellipse(x, 320 - i * 16, 46, 14, '#c98f12'), ellipse(x, 314 - i * 16, 46, 14, '#f2b705')]).flat();
  return [
    rect(0, 0, WIDTH, HEIGHT, '#e8f1ec'),
    circle(560, 80, 40, '#cfe3d8'),
    circle(90, 110, 56, '#cfe3d8'),
    rect(0, 330, WIDTH, 70, '#2f5d50'),
    ...stack(180, 3),
    ...stack(300, 6),
    ...stack(420, 9),
    line(420, 176, 420, 110, 6, '#3f8f4a'),
    ellipse(396, 112, 26, 12, '#63b35c'),
    ellipse(446, 98, 28, 13, '#4fa35a'),
    line(96, 200, 150, 150, 8, '#2f5d50'),
    line(150, 150, 190, 170, 8, '#2f5d50'),
    line(190, 170, 262, 92, 8, '#2f5d50'),
    poly('#2f5d50', [282, 70], [244, 84], [270, 110]),
  ];
}

/** An identity document: a card with a photo box, lines of text and a stamp (for the demo's ID and document files). */
function document(): Shape[] {
  return [
    rect(0, 0, WIDTH, HEIGHT, '#dfe7e3'),
    rect(60, 50, 520, 300, '#ffffff', 18),
    rect(60, 50, 520, 56, '#2f5d50', 18),
    rect(60, 90, 520, 16, '#2f5d50'),
    rect(90, 136, 130, 160, '#cfe3d8', 8),
    circle(155, 190, 32, '#8fb5a3'),
    poly('#8fb5a3', [105, 296], [120, 244], [190, 244], [205, 296]),
    ...[0, 1, 2, 3, 4].map((i) => line(256, 150 + i * 30, 256 + (i % 2 ? 200 : 280), 150 + i * 30, 10, '#c9d3cf')),
    circle(500, 290, 34, '#d64541', 0.25),
    line(86, 78, 260, 78, 10, '#e8f1ec'),
  ];
}

/** The scenes by name: one per category picture (`category-<name>.svg`) and the document. */
export const SCENES = {
  education: school,
  health: boatClinic,
  tech: laptop,
  web: browserWindow,
  food: reliefPacks,
  organic: rooftopFarm,
  agriculture: solarPump,
  film: filmSet,
  default: growingSavings,
  document,
} satisfies Record<string, () => Shape[]>;
export type SceneName = keyof typeof SCENES;

/** The picture for each business category of the project form (the enum of schemas/project-owner.schema.json). */
export const CATEGORY_SCENE: Record<string, SceneName> = {
  Education: 'education',
  'Medical & Health': 'health',
  Technology: 'tech',
  'Web Development': 'web',
  'Food & Clothes': 'food',
  'Video & Movies': 'film',
  'Organic Foods': 'organic',
  Agriculture: 'agriculture',
  Other: 'default',
};

const num = (n: number) => String(Math.round(n * 10) / 10);
const opacity = (o?: number) => (o === undefined ? '' : ` opacity="${o}"`);

/** The scene as an SVG document (accessible name left to the page's `alt`). */
export function sceneSvg(name: SceneName): string {
  const body = SCENES[name]()
    .map((s) => {
      switch (s.t) {
        case 'rect':
          return `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}"${s.r ? ` rx="${s.r}"` : ''} fill="${s.fill}"${opacity(s.o)}/>`;
        case 'circle':
          return `<circle cx="${num(s.cx)}" cy="${num(s.cy)}" r="${num(s.r)}" fill="${s.fill}"${opacity(s.o)}/>`;
        case 'ellipse':
          return `<ellipse cx="${num(s.cx)}" cy="${num(s.cy)}" rx="${num(s.rx)}" ry="${num(s.ry)}" fill="${s.fill}"${opacity(s.o)}/>`;
        case 'poly':
          return `<polygon points="${s.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" fill="${s.fill}"${opacity(s.o)}/>`;
        case 'line':
          return `<line x1="${num(s.x1)}" y1="${num(s.y1)}" x2="${num(s.x2)}" y2="${num(s.y2)}" stroke="${s.fill}" stroke-width="${s.w}" stroke-linecap="round"${opacity(s.o)}/>`;
      }
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${body}</svg>\n`;
}

type RGB = [number, number, number];
const rgb = (hex: string): RGB => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as RGB;

/**
 * A test of whether a point (x, y) of the canvas is inside the shape. A closure over the shape's own numbers rather
 * than one function reading any kind of shape: drawing asks it about a million times a picture, and reading the
 * fields of five kinds of object at one place is what made drawing slow.
 */
function hitTest(s: Shape): (x: number, y: number) => boolean {
  switch (s.t) {
    case 'rect': {
      const { x: left, y: top, w, h } = s;
      const r = Math.min(s.r ?? 0, w / 2, h / 2);
      return (x, y) => {
        if (x < left || x > left + w || y < top || y > top + h) return false;
        if (!r) return true;
        const dx = Math.max(left + r - x, 0, x - (left + w - r));
        const dy = Math.max(top + r - y, 0, y - (top + h - r));
        return dx * dx + dy * dy <= r * r;
      };
    }
    case 'circle': {
      const { cx, cy, r } = s;
      return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
    }
    case 'ellipse': {
      const { cx, cy, rx, ry } = s;
      return (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
    }
    case 'poly': {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return (x, y) => {
        let odd = false;
        for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
          const xi = xs[i]!;
          const yi = ys[i]!;
          const xj = xs[j]!;
          const yj = ys[j]!;
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
        }
        return odd;
      };
    }
    case 'line': {
      const { x1, y1, w } = s;
      const dx = s.x2 - x1;
      const dy = s.y2 - y1;
      return (x, y) => {
        const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
        return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= (w / 2) ** 2;
      };
    }
  }
}

/** The shape's bounding box, to skip it quickly for pixels far away. */
function bounds(s: Shape): [number, number, number, number] {
  switch (s.t) {
    case 'rect':
      return [s.x, s.y, s.x + s.w, s.y + s.h];
    case 'circle':
      return [s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r];
    case 'ellipse':
      return [s.cx - s.rx, s.cy - s.ry, s.cx + s.rx, s.cy + s.ry];
    case 'poly': {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    }
    case 'line':
      return [Math.min(s.x1, s.x2) - s.w, Math.min(s.y1, s.y2) - s.w, Math.max(s.x1, s.x2) + s.w, Math.max(s.y1, s.y2) + s.w];
  }
}

/**
 * The scene as a PNG of `width` × `height` (scaled from the 640 × 400 canvas, 2 × 2 samples a pixel for smooth
 * edges). `mirror` flips it left to right and `zoom` (> 1) enlarges its middle, so that one project's three photos
 * are not the same picture. The inner loops allocate nothing (a million samples a picture): the demo draws 20 of them.
 */
export function scenePng(name: SceneName, { width = WIDTH, height = HEIGHT, mirror = false, zoom = 1 } = {}): Buffer {
  const shapes = SCENES[name]().map((s) => ({ hit: hitTest(s), b: bounds(s), c: rgb(s.fill), o: s.o ?? 1 }));
  const sx = WIDTH / width / zoom;
  const sy = HEIGHT / height / zoom;
  const x0 = (WIDTH - WIDTH / zoom) / 2;
  const y0 = (HEIGHT - HEIGHT / zoom) / 2;
  type Placed = (typeof shapes)[number];
  /** The shapes whose box a canvas row crosses, in painting order: most of a scene is far from any one row. */
  const crossing = (y: number): Placed[] => shapes.filter(({ b }) => y >= b[1] && y <= b[3]);
  const sum: RGB = [0, 0, 0];
  /** Adds the colour at canvas point (x, y) to `sum`: the shapes painted in order, each over what is below it. */
  const addSample = (row: Placed[], x: number, y: number): void => {
    let r = 255;
    let g = 255;
    let b = 255;
    for (const { hit, b: box, c: fill, o } of row) {
      if (x < box[0] || x > box[2] || !hit(x, y)) continue;
      if (o === 1) {
        r = fill[0];
        g = fill[1];
        b = fill[2];
      } else {
        r += (fill[0] - r) * o;
        g += (fill[1] - g) * o;
        b += (fill[2] - b) * o;
      }
    }
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
  };
  // Two sample rows a pixel row (at a quarter and three quarters of it), two samples on each.
  let rowOf = -1;
  let top: Placed[] = [];
  let bottom: Placed[] = [];
  const pixel: RGB = [0, 0, 0];
  return encodePng(width, height, (px, py) => {
    const ya = y0 + (py + 0.25) * sy;
    const yb = y0 + (py + 0.75) * sy;
    if (py !== rowOf) {
      rowOf = py;
      top = crossing(ya);
      bottom = crossing(yb);
    }
    const xa = x0 + (px + 0.25) * sx;
    const xb = x0 + (px + 0.75) * sx;
    sum[0] = sum[1] = sum[2] = 0;
    addSample(top, mirror ? WIDTH - xa : xa, ya);
    addSample(top, mirror ? WIDTH - xb : xb, ya);
    addSample(bottom, mirror ? WIDTH - xa : xa, yb);
    addSample(bottom, mirror ? WIDTH - xb : xb, yb);
    pixel[0] = Math.round(sum[0] / 4);
    pixel[1] = Math.round(sum[1] / 4);
    pixel[2] = Math.round(sum[2] / 4);
    return pixel;
  });
}
