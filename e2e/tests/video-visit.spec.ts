import { messages } from '@app/shared';
import { expectAccessible } from '../fixtures/a11y';
import { keepPicture, PHONE } from '../fixtures/pictures';
import { expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';
import {
  allPeersClosed,
  claimedVideoVisit,
  expectHearing,
  expectMediaFlowing,
  FAKE_MEDIA_LAUNCH,
  setMediaPermission,
} from '../fixtures/video';

/**
 * A video visit in two browsers with fake cameras and microphones: the clinician claims it and starts
 * the video, the member joins from the waiting room, and each side's peer connection decodes the
 * other's video and receives their audio. The member's "Mute" silences them on the clinician's side
 * and "Unmute" brings their sound back. A member whose browser blocks the camera is told what to do;
 * one who reloads the page rejoins the same call; "End call" closes it on both sides.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 }, launchOptions: FAKE_MEDIA_LAUNCH });

test('a member and a clinician see and hear each other in a video visit, mute and unmute, rejoin after a reload, and "End call" closes it for both', async ({
  page,
  request,
  site,
  browser,
  adminSession,
}) => {
  test.setTimeout(420_000);
  const { clinic, clinicContext, room, desk } = await claimedVideoVisit({ page, request, site, browser, adminSession });

  // The member's waiting room offers the device check; a blocked camera says what to do.
  await expect(room).toContainText('Your doctor will start the video call here.');
  await setMediaPermission(page, site.baseURL, 'denied');
  await room.getByRole('button', { name: 'Test your camera and microphone' }).click();
  await expect(room.getByRole('alert')).toContainText(messages.videoCameraBlocked);
  await setMediaPermission(page, site.baseURL, 'granted');
  await room.getByRole('button', { name: 'Test your camera and microphone' }).click();
  await expect(room.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expect(room.getByLabel('Camera', { exact: true })).toBeVisible();
  await keepPicture(page, 'video-device-check');

  // The clinician starts the video; the member joins it.
  await desk.getByRole('button', { name: 'Start video' }).click();
  await expect(room.getByRole('button', { name: 'Join video visit' })).toBeVisible();
  await room.getByRole('button', { name: 'Join video visit' }).click();
  await expectMediaFlowing(page);
  await expectMediaFlowing(clinic);
  await expect(room.getByRole('status')).toHaveText('Connected');
  await expect(desk.getByRole('status')).toHaveText('Connected');

  // The member mutes: the clinician hears silence (the fake microphone beeps), then their sound again.
  await expectHearing(clinic, 'sound');
  await room.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(room.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await expectHearing(clinic, 'silence');
  await room.getByRole('button', { name: 'Unmute' }).click();
  await expectHearing(clinic, 'sound');

  // The note stays beside the video.
  await expect(clinic.getByLabel('Assessment')).toBeVisible();
  await expectAccessible(page, '.video');
  await expectAccessible(clinic, '.video');
  await keepPicture(page, 'video-call-patient', [{ width: 1280, height: 900 }, PHONE]);
  await keepPicture(clinic, 'video-call-clinician', [{ width: 1280, height: 900 }, PHONE]);

  // The member's page reloads (the tab was closed and opened again): the same call, joined again.
  await page.reload();
  await room.getByRole('button', { name: 'Join video visit' }).click();
  await expectMediaFlowing(page);
  await expectMediaFlowing(clinic);

  // "End call" on one side ends it on both, and both peer connections close.
  await room.getByRole('button', { name: 'End call' }).click();
  await expect(room).toContainText(messages.videoCallEnded);
  await expect(desk).toContainText(messages.videoCallEnded);
  expect(await allPeersClosed(page)).toBe(true);
  await expect.poll(() => allPeersClosed(clinic)).toBe(true);
  await expect(desk.getByRole('button', { name: 'Start video' })).toBeVisible();
  await clinicContext.close();
});
