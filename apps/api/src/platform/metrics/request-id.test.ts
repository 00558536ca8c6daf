import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressMatcher, requestIdGenerator } from './request-id.ts';

const request = (remoteAddress: string, id?: string) =>
  ({
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a well-formed id from a trusted proxy, by hop count or by address', () => {
    expect(requestIdGenerator(1)(request('10.0.0.9', '0123456789abcdef0123456789abcdef'))).toBe(
      '0123456789abcdef0123456789abcdef',
    );
    expect(requestIdGenerator(['10.0.0.0/8'])(request('::ffff:10.1.2.3', 'trace-12345678'))).toBe('trace-12345678');
  });

  it('makes a new id when the sender is not a trusted proxy, or the id is malformed or missing', () => {
    expect(requestIdGenerator(false)(request('10.0.0.9', 'chosen-by-client'))).toMatch(uuid);
    expect(requestIdGenerator(['10.0.0.0/8'])(request('192.0.2.1', 'chosen-by-client'))).toMatch(uuid);
    expect(requestIdGenerator(1)(request('10.0.0.9', 'short'))).toMatch(uuid);
    expect(requestIdGenerator(1)(request('10.0.0.9', 'bad id\nwith a line break'))).toMatch(uuid);
    expect(requestIdGenerator(1)(request('10.0.0.9'))).toMatch(uuid);
  });

  it('matches addresses and ranges of both families', () => {
    const allowed = addressMatcher(['127.0.0.1', '192.168.0.0/16', '2001:db8::/32']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:192.168.4.5')).toBe(true);
    expect(allowed('2001:db8::7')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });
});
