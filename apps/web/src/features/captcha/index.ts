export { getCaptchaConfig, useCaptchaConfig, type CaptchaConfig, type CaptchaMode } from './api/getCaptchaConfig';
export { verifyCaptcha } from './api/verifyCaptcha';
export { Captcha } from './components/Captcha';
export { useCaptcha, type CaptchaController } from './useCaptcha';
