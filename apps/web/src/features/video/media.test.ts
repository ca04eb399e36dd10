import { messages } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { mediaErrorMessage } from './media';

describe('what a person is told when the camera or microphone cannot be opened', () => {
  it('names the blocked permission, the missing device and the busy device, each with the phone visit as the way out', () => {
    const failure = (name: string) => new DOMException('', name);
    expect(mediaErrorMessage(failure('NotAllowedError'))).toBe(messages.videoCameraBlocked);
    expect(mediaErrorMessage(failure('SecurityError'))).toBe(messages.videoCameraBlocked);
    expect(mediaErrorMessage(failure('NotFoundError'))).toBe(messages.videoNoDevice);
    expect(mediaErrorMessage(failure('OverconstrainedError'))).toBe(messages.videoNoDevice);
    expect(mediaErrorMessage(failure('NotReadableError'))).toBe(messages.videoDeviceBusy);
    expect(messages.videoCameraBlocked).toBe('Your browser blocked the camera. Allow it in the address bar, or switch to a phone visit.');
  });
});
