// How well a program reads the public search's captcha (security issue 25, finding 4):
// - svg-captcha 1.4.0 (the portal's captcha until this issue), drawn with the portal's old options,
//   read by matching outlines learnt from 30 labelled captchas (tests/helpers/captcha-attack.ts).
//   svg-captcha is no longer installed: `npm install --no-save svg-captcha@1.4.0` to run this part.
// - The portal's captcha now (server/modules/captcha/image.ts), read by the template-matching reader
//   the security test runs (tests/server/security/captcha-ocr.test.ts), on more captchas.
// Standalone: npx tsx bench/captcha-attack.ts [count]
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { learnOutlines, readByOutlines, readByTemplates, renderTemplates, score } from '../tests/helpers/captcha-attack.ts';
import { CAPTCHA_ALPHABET, captchaText } from '../server/modules/captcha/service.ts';
import { CAPTCHA_FONT_FILES, captchaImage } from '../server/modules/captcha/image.ts';

// The count from the command line when run standalone; `npm run bench` puts the bench's name there.
const COUNT = /^\d+$/.test(process.argv[2] ?? '') ? Number(process.argv[2]) : 300;
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);
const report = (label: string, s: ReturnType<typeof score>, took: string) =>
  console.log(
    `${label.padEnd(40)} ${String(s.solved).padStart(4)} of ${s.of} read (${(s.rate * 100).toFixed(1)}%), ${(s.charRate * 100).toFixed(1)}% of characters, ${took} s`,
  );

interface SvgCaptcha {
  create(options: object): { text: string; data: string };
}

export async function run() {
  let svgCaptcha: SvgCaptcha | undefined;
  try {
    svgCaptcha = createRequire(import.meta.url)('svg-captcha') as SvgCaptcha;
  } catch {
    console.log('svg-captcha is not installed (npm install --no-save svg-captcha@1.4.0): its outline attack is skipped.');
  }
  if (svgCaptcha) {
    // The options server/modules/captcha/service.ts gave it before this issue.
    const options = {
      size: 5,
      charPreset: CAPTCHA_ALPHABET,
      noise: 2,
      color: false,
      width: 160,
      height: 56,
      fontSize: 56,
      background: '#f4f6fa',
    };
    const make = () => {
      const { text, data } = svgCaptcha.create(options);
      return { text: text.toUpperCase(), svg: data };
    };
    const outlines = learnOutlines(Array.from({ length: 30 }, make));
    const fresh = Array.from({ length: COUNT }, make);
    const t0 = performance.now();
    const pairs = fresh.map((c) => ({ truth: c.text, read: readByOutlines(c.svg, outlines) }));
    report('svg-captcha 1.4.0, outline matching', score(pairs), seconds(t0));
  }

  const templates = await renderTemplates(CAPTCHA_FONT_FILES, CAPTCHA_ALPHABET);
  const pictures = [];
  for (let i = 0; i < COUNT; i++) {
    const truth = captchaText();
    pictures.push({ truth, image: await captchaImage(truth) });
  }
  const t0 = performance.now();
  const pairs = [];
  for (const { truth, image } of pictures) pairs.push({ truth, read: await readByTemplates(image, templates) });
  report('raster captcha, template matching', score(pairs), seconds(t0));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
