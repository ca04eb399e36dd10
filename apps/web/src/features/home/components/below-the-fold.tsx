import { FaqSection } from './faq-section';
import { AboutSection, BlogSection, HowSection, TestimonialsSection, WhySection } from './info-sections';

const BELOW_THE_FOLD_ID = 'home-more';

/** The home sections after the plans, loaded as their own chunk (see HomePage). */
export default function BelowTheFold() {
  return (
    <div id={BELOW_THE_FOLD_ID}>
      <AboutSection />
      <HowSection />
      <TestimonialsSection />
      <WhySection />
      <BlogSection />
      <FaqSection />
    </div>
  );
}
