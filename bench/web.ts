// npm run bench:web — how heavy and how fast the public home page is on a village phone.
// Builds the portal, starts it on a throw-away embedded database and seeds the realistic case
// (the office profile filled, 3 slides from 1600×900 JPEGs, 6 news posts), then
//  1. loads / in Chromium at 375 px and adds up the gzip size of every byte it downloads before any
//     interaction: scripts and stylesheets (target: at most 100 KB), and everything (HTML, images, fonts);
//  2. runs Lighthouse 12 (mobile preset, simulated slow 4G, 4× CPU) three times and takes the median
//     performance score (target: at least 98) and Largest Contentful Paint (target: at most 1.2 s).
// `--no-build` skips the build; `--runs N` changes the number of Lighthouse runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const TARGET = { weightKb: 100, score: 98, lcpMs: 1200 };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const VILLAGE = {
  officeName: 'ग्रामपंचायत कार्यालय सोनगाव',
  officeNameEnglish: 'Gram Panchayat Office Sonagaon',
  block: 'इंदापूर',
  blockEnglish: 'Indapur',
  district: 'पुणे',
  districtEnglish: 'Pune',
  address: 'ग्रामपंचायत कार्यालय, मु. पो. सोनगाव, ता. इंदापूर',
  postalCode: '413106',
  phone: '02111-234567',
  email: 'gp.sonagaon@example.org',
  summary:
    'सोनगाव हे इंदापूर तालुक्यातील नीरा नदीकाठचे गाव आहे. शेती, दुग्धव्यवसाय आणि ऊस हे गावाचे मुख्य व्यवसाय आहेत. गावात पक्के रस्ते, नळ पाणीपुरवठा आणि प्राथमिक आरोग्य केंद्र आहे.',
  stats: [
    { key: 'population', label: 'लोकसंख्या', value: '2,500+' },
    { key: 'families', label: 'कुटुंबे', value: '450+' },
    { key: 'farmland', label: 'शेती क्षेत्र', value: '300+ एकर' },
    { key: 'schools', label: 'शाळा', value: '3' },
    { key: 'anganwadis', label: 'अंगणवाडी केंद्रे', value: '2' },
  ],
  facilities: ['प्राथमिक आरोग्य केंद्र – 24/7 सेवा', '100% विद्युतीकरण', 'प्रत्येक घरात नळाद्वारे पाणीपुरवठा', 'पक्के अंतर्गत रस्ते'],
  schools: [
    { name: 'जिल्हा परिषद प्राथमिक शाळा (इयत्ता 1 ली ते 4 थी)', head: 'श्री. सुनील पाटील', children: 160, teachers: 6 },
    { name: 'जिल्हा परिषद उच्च प्राथमिक शाळा (इयत्ता 5 वी ते 8 वी)', head: 'श्रीमती सुनीता जाधव', children: 145, teachers: 6 },
    { name: 'माध्यमिक विद्यालय (इयत्ता 8 वी ते 10 वी)', head: 'श्री. विजय शिंदे', children: 210, teachers: 9 },
  ],
  anganwadis: [
    { name: 'अंगणवाडी केंद्र क्र. 1 (गावठाण)', head: 'श्रीमती मंगल कांबळे', children: 32, teachers: 2 },
    { name: 'अंगणवाडी केंद्र क्र. 2 (वाडी-वस्ती)', head: 'श्रीमती रेखा पवार', children: 27, teachers: 2 },
  ],
};
const NEWS = [
  ['विशेष ग्रामसभा', 'दिनांक १५ ऑगस्ट रोजी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात विशेष ग्रामसभा होईल.'],
  ['पाणीपट्टी भरण्याची शेवटची तारीख', 'ग्रामस्थांनी थकीत पाणीपट्टी ३१ मार्चपूर्वी भरावी.'],
  ['स्वच्छता अभियान', 'रविवारी सकाळी ८ वाजता गावातील सर्व रस्त्यांची स्वच्छता मोहीम.'],
  ['मोफत आरोग्य तपासणी शिबिर', 'प्राथमिक आरोग्य केंद्रात सर्व ग्रामस्थांसाठी मोफत तपासणी.'],
  ['वृक्षारोपण कार्यक्रम', 'शाळेच्या आवारात ५०० झाडे लावण्याचा कार्यक्रम.'],
  ['कर वसुली मोहीम', 'मालमत्ता कर वेळेत भरणाऱ्यांना ५% सवलत.'],
];

/** A photo-like 1600×900 JPEG (smooth colour fields with grain), ~150–300 KB like a phone picture. */
async function photo(i: number): Promise<Buffer> {
  const w = 1600;
  const h = 900;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 12345 + i * 999;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const sky = y < h * (0.45 + 0.08 * Math.sin(x / 120 + i));
      const n = (rnd() - 0.5) * 40;
      raw[o] = Math.max(0, Math.min(255, (sky ? 120 + (y / h) * 80 : 60 + 40 * Math.sin(x / 37 + y / 53)) + n + i * 20));
      raw[o + 1] = Math.max(0, Math.min(255, (sky ? 170 + (y / h) * 40 : 110 + 40 * Math.cos(x / 41)) + n));
      raw[o + 2] = Math.max(0, Math.min(255, (sky ? 230 : 50 + 30 * Math.sin(y / 29)) + n));
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function seed(base: string, username: string, password: string) {
  const login = await (
    await fetch(`${base}/api/User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).json();
  const token: string = login.result.token;
  const councilId: number = login.result.userId;
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(base + p, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
    return json.result;
  };
  const { createdByUserId: _c, updatedAt: _u, version: _v, ...profile } = await call('GET', '/api/Site/profile/mine');
  await call('PUT', '/api/Site/profile', { ...profile, ...VILLAGE });
  let jpegBytes = 0;
  for (let i = 0; i < 3; i++) {
    const jpeg = await photo(i);
    jpegBytes += jpeg.length;
    const form = new FormData();
    form.append('ImageFile', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `slide${i + 1}.jpg`);
    form.append('BlogContent', `ग्रामपंचायत सोनगाव — छायाचित्र ${i + 1}`);
    form.append('CreatedByUserId', String(councilId));
    await call('POST', '/api/Corosal', form);
  }
  for (const [i, [blogTitle, blogContent]] of NEWS.entries())
    await call('POST', '/api/Blog', { blogTitle, blogContent, eventDate: `2026-0${i + 1}-15`, createdByUserId: councilId });
  console.log(
    `Seeded: the office profile, 3 slides (JPEG 1600×900, ${(jpegBytes / 3 / 1024).toFixed(0)} KB each), ${NEWS.length} news posts.`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const row = (what: string, target: string, result: string, ok: boolean) =>
  console.log(`  ${what.padEnd(44)} ${target.padEnd(10)} ${result.padEnd(34)} ${ok ? 'met' : 'NOT met'}`);

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-benchweb-'));
const port = await freePort();
const username = 'admin';
const password = 'Bench-pass1';
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: username,
  ADMIN_PASSWORD: password,
};
delete (env as Record<string, string | undefined>).DATABASE_URL;
delete (env as Record<string, string | undefined>).PUBLIC_USER_ID;
const server = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 240) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  await seed(base, username, password);

  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
  const page = await browser.newPage({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
  const fetched: { url: string; type: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    pending.push(
      (async () => {
        const type = res.request().resourceType();
        const body = await res.body().catch(() => Buffer.alloc(0));
        // Images and fonts are already compressed: they travel as they are.
        const packed = type === 'image' || type === 'font' ? body.length : zlib.gzipSync(body, { level: 9 }).length;
        fetched.push({ url: res.url().replace(base, ''), type, raw: body.length, gzip: packed });
      })(),
    );
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  const sum = (list: typeof fetched) => list.reduce((n, f) => n + f.gzip, 0);
  const code = fetched.filter((f) => f.type === 'script' || f.type === 'stylesheet');
  console.log('\nWhat / downloads at 375 px before any interaction (text gzip -9, images and fonts as sent):');
  for (const f of fetched.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.type.padEnd(10)} ${f.url.slice(0, 90)}`,
    );
  const codeKb = sum(code) / 1024;
  const allKb = sum(fetched) / 1024;

  const scores: number[] = [];
  const lcps: number[] = [];
  const details: string[] = [];
  let lighthouseError = '';
  for (let run = 1; run <= RUNS; run++) {
    const out = path.join(dataDir, `lh-${run}.json`);
    const lh = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        `${base}/`,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--throttling-method=simulate',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8' },
    );
    if (lh.status !== 0 || !fs.existsSync(out)) {
      lighthouseError = lh.stderr.slice(-500);
      console.log(`Lighthouse run ${run} failed: ${lighthouseError}`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const score = Math.round(report.categories.performance.score * 100);
    const a = report.audits;
    scores.push(score);
    lcps.push(a['largest-contentful-paint'].numericValue);
    details.push(
      `  run ${run}: performance ${score}, FCP ${a['first-contentful-paint'].displayValue}, LCP ${a['largest-contentful-paint'].displayValue}, TBT ${a['total-blocking-time'].displayValue}, CLS ${a['cumulative-layout-shift'].displayValue}, SI ${a['speed-index'].displayValue}`,
    );
  }
  console.log(`\nLighthouse ${RUNS}× (mobile, simulated throttling):`);
  details.forEach((d) => console.log(d));

  console.log('\nThe home page with content (3 slides, 6 news posts, the office profile):');
  row('what', 'target', 'result', true);
  row(
    'home JS+CSS, gzip',
    `≤ ${TARGET.weightKb} KB`,
    `${codeKb.toFixed(1)} KB (all bytes ${allKb.toFixed(0)} KB)`,
    codeKb <= TARGET.weightKb,
  );
  if (scores.length) {
    const s = median(scores);
    const l = median(lcps);
    row(
      `Lighthouse mobile performance, median of ${scores.length}`,
      `≥ ${TARGET.score}`,
      `${s} (runs ${scores.join(', ')})`,
      s >= TARGET.score,
    );
    row(
      'Largest Contentful Paint, median',
      `≤ ${(TARGET.lcpMs / 1000).toFixed(1)} s`,
      `${(l / 1000).toFixed(2)} s (runs ${lcps.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
      l <= TARGET.lcpMs,
    );
  } else {
    row('Lighthouse mobile performance', `≥ ${TARGET.score}`, 'Lighthouse could not run', false);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
