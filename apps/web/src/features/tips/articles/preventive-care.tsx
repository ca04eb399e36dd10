/** /tips/preventive-care */
export function PreventiveCare() {
  return (
    <>
      <p className="article__lead">
        Preventive care is the health care you get before anything goes wrong: habits that keep your body strong, and check-ups that catch
        problems while they are small and easier to treat. It does not need to be complicated. A few steady routines, repeated over months
        and years, make the biggest difference.
      </p>

      <h2>Start with the daily basics</h2>
      <p>Most of prevention happens at home, in ordinary moments.</p>
      <ul>
        <li>
          <strong>Move most days.</strong> US guidelines suggest at least 150 minutes a week of moderate activity, such as brisk walking,
          plus muscle-strengthening activity on two days. Ten-minute walks count.
        </li>
        <li>
          <strong>Eat more plants.</strong> Fill half your plate with vegetables and fruit, choose whole grains, and go easy on sugary
          drinks, salt and highly processed foods.
        </li>
        <li>
          <strong>Protect your sleep.</strong> Most adults need seven or more hours. Keep a regular bedtime and put screens away before bed.
        </li>
        <li>
          <strong>Skip tobacco and limit alcohol.</strong> If you want to quit smoking or vaping, a doctor can talk you through the options
          that work best.
        </li>
        <li>
          <strong>Make room for your mind.</strong> Stress shows up in the body. Time outdoors, connection with others and talking to a
          professional when you need it are all part of staying well.
        </li>
      </ul>

      <h2>Know your numbers</h2>
      <p>
        A few measurements tell you and your doctor a great deal: blood pressure, weight and waist size, blood sugar and cholesterol. High
        blood pressure often has no symptoms at all, which is why it is worth checking at least once a year, and more often if it has been
        high before. A home blood pressure monitor is inexpensive, and readings taken at home can be reviewed in a short virtual visit.
      </p>

      <h2>Keep up with screenings</h2>
      <p>
        Screening tests look for disease before symptoms appear. Which ones you need depends on your age, sex, family history and health, so
        ask your doctor for a personal plan. For many adults, it includes:
      </p>
      <ul>
        <li>Blood pressure checks for all adults.</li>
        <li>Colorectal cancer screening starting at age 45.</li>
        <li>Breast cancer screening with mammograms, generally every two years from age 40.</li>
        <li>Cervical cancer screening from age 21 to 65.</li>
        <li>Cholesterol and diabetes testing for many adults from middle age, or earlier with risk factors.</li>
        <li>Lung cancer screening for some current and former smokers aged 50 to 80.</li>
      </ul>
      <p>
        Your doctor may recommend starting earlier or testing more often if a close relative had a condition, or if you have other risk
        factors.
      </p>

      <h2>Stay current on vaccines</h2>
      <p>
        Vaccines are one of the simplest forms of prevention. Most people aged six months and older should have a flu vaccine every year.
        Adults also need a tetanus booster every ten years, and depending on age and health, vaccines such as shingles, pneumococcal, RSV
        and COVID-19 may be recommended. Keep a record, and ask your doctor or pharmacist what you are due for.
      </p>

      <h2>Build the routine into your calendar</h2>
      <p>Good intentions fade; calendar reminders do not. A simple yearly rhythm works for many people:</p>
      <ul>
        <li>
          <strong>Every month:</strong> a quick self-check of your habits, and home blood pressure readings if you track them.
        </li>
        <li>
          <strong>Every season:</strong> refill and review your medications, and check your first-aid kit.
        </li>
        <li>
          <strong>Every year:</strong> a check-up with your doctor, your flu shot in the fall, and any screenings that are due.
        </li>
      </ul>
      <p>
        Virtual visits make the in-between steps easy: reviewing lab results, adjusting a medication, talking through a new symptom, or
        getting coaching on sleep, nutrition or activity. Hands-on exams and tests still happen in person, and your doctor can help you
        arrange them.
      </p>

      <h2>Make the most of your yearly check-up</h2>
      <p>
        Bring your list of medications, any home readings, and the questions you have been saving up. Mention changes in your family’s
        health history, because a parent’s or sibling’s new diagnosis can change which screenings make sense for you. Be honest about habits
        such as smoking, drinking and sleep; your doctor is there to help, not to judge. Before you leave, make sure you know which tests
        are due next and when.
      </p>

      <h2>Small steps, big returns</h2>
      <p>
        Prevention is not about perfection. Pick one habit to improve this month, book the screening you have been putting off, and let your
        care team help with the rest.
      </p>
      <p className="article__disclaimer">
        This article is general information based on US public health guidance. Your doctor will tailor recommendations to you.
      </p>
    </>
  );
}
