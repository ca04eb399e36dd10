import { Suspense, lazy } from 'react';
import { PageMeta } from '../../components/layout/page-meta';
import { HeroSection } from './components/hero-section';
import { PlansSection } from './components/plans-section';
import { ServicesSection } from './components/services-section';
import { nearViewport } from './components/near-viewport';
import '../../components/layout/content.css';
import './home.css';

/**
 * About, How It Works, stories, Why, Blog and FAQ. The prerendered HTML has them; their script is
 * fetched when they come near the screen (at once on a client-side visit), which keeps the home
 * page's first download small. Until then React leaves the prerendered markup as it is.
 */
const BelowTheFold = lazy(() => nearViewport('home-more').then(() => import('./components/below-the-fold')));

/** The home page (docs/product.md, Public site): hero, services, plans, about, how it works, stories, why, blog, FAQ. */
export default function HomePage() {
  return (
    <div className="home">
      <PageMeta
        title="Virtual doctor visits 24/7"
        description="See a US board-certified doctor by phone or video, 24/7. Memberships from $29.99/mo for individuals and families, or $59.99 for a single visit. Not for emergencies: call 911."
      />
      <HeroSection />
      <ServicesSection />
      <PlansSection />
      <Suspense fallback={null}>
        <BelowTheFold />
      </Suspense>
    </div>
  );
}
