import { INestApplication, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { MESSAGES } from '@infra/contracts';
import { toErrorResponse } from '@infra/platform';
import { withoutDemoCredentials } from './readme';

const SERVER_PATHS = /^\/(api|health|metrics|docs-json)(\/|$)/;
/** Hashed build output (Vite `build.assetsDir`): a prefix no route of the spec uses. */
const STATIC_PREFIX = '/static/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const README_PAGE = 'docs/readme.html';
/** Types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|map)$/;

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function isFile(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names inside `root`, or undefined for anything that leaves it or cannot be decoded. */
function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${decoded}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

function sendError(res: Response, exception: Error): void {
  const body = toErrorResponse(exception);
  res.status(body.statusCode).json(body);
}

/**
 * The encoding to send and whether a precompressed sibling exists: the build's `.br`, then `.gz`; otherwise
 * compressed on the fly, gzip first (brotli at its default level is too slow per request).
 */
function negotiate(req: Request, file: string, withSiblings: boolean): { encoding?: Encoding; sibling: boolean } {
  if (!COMPRESSIBLE.test(file)) return { sibling: false };
  const accepted = (['br', 'gzip'] as const).filter((encoding) => req.acceptsEncodings(encoding) === encoding);
  const sibling = withSiblings ? accepted.find((encoding) => isFile(file + SUFFIX[encoding])) : undefined;
  if (sibling) return { encoding: sibling, sibling: true };
  return { encoding: accepted.includes('gzip') ? 'gzip' : accepted[0], sibling: false };
}

const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Sends one file with its own content type: the build's `.br`/`.gz` sibling when the client accepts it,
 * otherwise compressed on the fly (text only) or as is. `Vary` tells caches the body depends on the encoding.
 */
async function sendFile(req: Request, res: Response, file: string, cacheControl: string, content?: Buffer) {
  const stat = fs.statSync(file);
  res.setHeader('Cache-Control', cacheControl);
  res.type(path.extname(file));
  if (COMPRESSIBLE.test(file)) res.setHeader('Vary', 'Accept-Encoding');
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  const { encoding, sibling } = negotiate(req, file, content === undefined);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (content !== undefined) {
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(content, BROTLI_FAST)
        : encoding === 'gzip'
          ? zlib.gzipSync(content)
          : content;
    res.end(body);
  } else if (encoding && sibling) {
    await pipeline(fs.createReadStream(file + SUFFIX[encoding]), res);
  } else if (encoding) {
    const compress = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_FAST) : zlib.createGzip();
    await pipeline(fs.createReadStream(file), compress, res);
  } else {
    await pipeline(fs.createReadStream(file), res);
  }
}

/**
 * Serves the web build: `/static/*` (hashed names) cached for a year, a missing one a real 404; other files of
 * the build and index.html revalidated on every use; index.html for every other GET that is not a server
 * path, so every client-side route (including `/assets/{id}`) survives a reload. Source maps are never served.
 */
export function mountWebApp(app: INestApplication, distDir: string): void {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  const logger = new Logger('WebApp');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    const serve = async () => {
      const file = fileUnder(root, req.path);
      if (req.path.endsWith('.map') || file?.endsWith('.map')) return sendError(res, new NotFoundException());
      if (req.path.startsWith(STATIC_PREFIX)) {
        if (!file || !isFile(file)) return sendError(res, new NotFoundException(MESSAGES.notFound('File')));
        return sendFile(req, res, file, IMMUTABLE);
      }
      if (file && file !== index && isFile(file)) {
        if (file === path.join(root, README_PAGE)) {
          return sendFile(req, res, file, REVALIDATE, withoutDemoCredentials(fs.readFileSync(file)));
        }
        return sendFile(req, res, file, REVALIDATE);
      }
      if (!isFile(index)) {
        const body = toErrorResponse(new ServiceUnavailableException(MESSAGES.unavailable));
        logger.error({ errorId: body.errorId }, `web build missing at ${index}: run npm run build:web`);
        res.status(body.statusCode).json(body);
        return;
      }
      return sendFile(req, res, index, REVALIDATE);
    };
    serve().catch(next);
  });
}
