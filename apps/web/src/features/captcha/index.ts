export { verifyCaptcha } from './api/verifyCaptcha';
export { Captcha } from './components/Captcha';
export { useCaptcha } from './useCaptcha';
