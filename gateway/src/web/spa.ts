import { INestApplication, Logger, ServiceUnavailableException } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@infra/contracts';
import { toErrorResponse } from '@infra/platform';

const SERVER_PATHS = /^\/(api|health|metrics|docs-json)(\/|$)/;

/**
 * Serves the web build: hashed assets cached for a year, and index.html (never cached) for every other
 * GET that is not an API path, so client-side routes survive a reload.
 */
export function mountWebApp(app: INestApplication, distDir: string): void {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  app.use('/assets', express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  const files = express.static(root, { index: false, maxAge: '1h' });
  // API calls skip the file lookup (a stat() per request otherwise).
  app.use((req: Request, res: Response, next: NextFunction) =>
    SERVER_PATHS.test(req.path) ? next() : files(req, res, next),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    if (!fs.existsSync(index)) {
      const body = toErrorResponse(new ServiceUnavailableException(MESSAGES.unavailable));
      new Logger('WebApp').error({ errorId: body.errorId }, `web build missing at ${index}: run npm run build:web`);
      res.status(body.statusCode).json(body);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
