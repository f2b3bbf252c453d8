// The bytes and headers of a delivery, without a server: the vendor word,
// the signature over the exact body, form encoding, and no secret anywhere.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryRequest } from './delivery-request.js';
import type { HookRow } from './hooks-store.js';

const hook = (overrides: Partial<HookRow> = {}): HookRow => ({
  id: 42,
  repository_id: 7,
  organization_id: null,
  active: true,
  events: ['push'],
  url: 'https://example.com/hook',
  content_type: 'json',
  insecure_ssl: '0',
  secret: 's3cret',
  last_response_code: null,
  last_response_status: 'unused',
  last_response_message: null,
  failing_since: null,
  created_at: new Date(),
  updated_at: new Date(),
  ...overrides,
});
const job = {
  guid: '0b989ba4-242f-11e5-81e1-c7b6966d2516',
  event: 'push',
  payload: '{"ref":"refs/heads/main","x":"é"}',
  repository_id: 7,
  installation_id: null,
};

describe('deliveryRequest', () => {
  it('names the vendor in X-<Vendor>-* headers but never in X-Hub-Signature-256', () => {
    const { headers, body } = deliveryRequest(job, hook(), 'Wharf');
    expect(headers).toMatchObject({
      'X-Wharf-Event': 'push',
      'X-Wharf-Delivery': job.guid,
      'X-Wharf-Hook-ID': '42',
      'X-Wharf-Hook-Installation-Target-Type': 'repository',
      'X-Wharf-Hook-Installation-Target-ID': '7',
      'Content-Type': 'application/json',
    });
    expect(headers['X-Hub-Signature-256']).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    expect(headers['X-Hub-Signature']).toBe(`sha1=${createHmac('sha1', 's3cret').update(body).digest('hex')}`);
    expect(headers['User-Agent']).toMatch(/^Wharf-Hookshot\/[0-9a-f]{7}$/);
    expect(body.toString('utf8')).toBe(job.payload);
    expect(JSON.stringify(headers)).not.toContain('s3cret');
  });

  it('sends form hooks payload=<urlencoded JSON>, signed over those bytes', () => {
    const { headers, body } = deliveryRequest(job, hook({ content_type: 'form' }), 'GitHub');
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(body.toString('utf8')).get('payload')).toBe(job.payload);
    expect(headers['X-Hub-Signature-256']).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
  });

  it('leaves the signature out when the hook has no secret', () => {
    const { headers } = deliveryRequest(job, hook({ secret: null }), 'GitHub');
    expect(headers).not.toHaveProperty('X-Hub-Signature-256');
    expect(headers).not.toHaveProperty('X-Hub-Signature');
  });
});
