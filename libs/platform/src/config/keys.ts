import { createPrivateKey, createPublicKey, KeyObject } from 'node:crypto';
import { registerDecorator, ValidationOptions } from 'class-validator';

export type KeyKind = 'private' | 'public';

/** An Ed25519 key from base64 DER: PKCS#8 for a private key, SPKI for a public key. Throws on anything else. */
export function ed25519KeyFromBase64(value: string, kind: KeyKind): KeyObject {
  const der = Buffer.from(value, 'base64');
  const key =
    kind === 'private'
      ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
      : createPublicKey({ key: der, format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key (${key.asymmetricKeyType})`);
  return key;
}

/** class-validator check that a variable holds a base64 DER Ed25519 key of the given kind. */
export function IsEd25519Key(kind: KeyKind, options?: ValidationOptions): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isEd25519Key',
      target: target.constructor,
      propertyName: String(property),
      options: {
        message: `$property must be the base64 of an Ed25519 ${kind === 'private' ? 'private key (PKCS#8 DER)' : 'public key (SPKI DER)'}`,
        ...options,
      },
      validator: {
        validate(value: unknown): boolean {
          if (typeof value !== 'string' || value === '') return false;
          try {
            ed25519KeyFromBase64(value, kind);
            return true;
          } catch {
            return false;
          }
        },
      },
    });
}
