// The video call of a visit: the device check, the call's controls and its refusals.
export const videoCameraBlocked = 'Your browser blocked the camera. Allow it in the address bar, or switch to a phone visit.';
export const videoNoDevice = 'We could not find a camera or microphone on this device. Connect one, or switch to a phone visit.';
export const videoDeviceBusy = 'Another app is using your camera or microphone. Close it and try again, or switch to a phone visit.';
export const videoNotAParty = 'Only the patient and the clinician of this visit can join its video call.';
export const videoNotVideoVisit = 'This visit is not a video visit.';
export const videoNotOpen = 'This visit is not under way, so it has no video call.';
export const videoNoCall = 'The video call has not started yet, or it has ended.';
export const videoConnectionLost = 'The connection dropped. We are trying to reconnect; you can also reconnect yourself.';
export const videoCallEnded = 'The video call has ended.';
