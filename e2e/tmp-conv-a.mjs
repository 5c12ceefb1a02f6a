import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.setContent(`<img style="width:1280px" src="data:image/jpeg;base64,${readFileSync(process.argv[2]).toString('base64')}">`);
await p.screenshot({ path: process.argv[3] });
await b.close();
