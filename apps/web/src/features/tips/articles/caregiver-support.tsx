/** /tips/caregiver-support */
export function CaregiverSupport() {
  return (
    <>
      <p className="article__lead">
        Millions of Americans look after a parent, a partner, a child with special needs or a friend. Caregiving is an act of love, and it
        is also a second job: appointments, medications, phone calls, paperwork and worry. Virtual doctor visits will not take the work
        away, but used well they can give you back hours each month and help the person you care for get the right attention sooner.
      </p>

      <h2>1. Use virtual visits for the “is this serious?” moments</h2>
      <p>
        Many caregiver crises start with a small question at an awkward hour. Is this cough getting worse? Should that rash be looked at? Is
        the new confusion a side effect? A virtual visit lets a doctor see and hear what is going on and tell you whether it can be treated
        at home, needs a clinic visit tomorrow, or needs emergency care now.
      </p>
      <p>
        That guidance alone can save a stressful trip to the emergency room, and a tiring one for someone who is frail. Of course, if you
        see signs of an emergency, such as chest pain, trouble breathing, sudden weakness on one side, slurred speech or a fall with a head
        injury, call 911 first.
      </p>

      <h2>2. Keep one up-to-date health summary</h2>
      <p>
        The most useful thing a caregiver can bring to any visit, virtual or in person, is a short written summary. Keep it in a notes app
        or a printed page you can photograph:
      </p>
      <ul>
        <li>Current diagnoses and past surgeries</li>
        <li>Every medication, with dose and timing, including vitamins and over-the-counter products</li>
        <li>Allergies and past reactions to medicines</li>
        <li>Names and phone numbers of their regular doctors and preferred pharmacy</li>
        <li>Insurance details and any advance directive or health care proxy</li>
      </ul>
      <p>
        Update it after every visit. With the summary in hand, a virtual doctor can make safer decisions in minutes, and you will not have
        to remember everything under pressure.
      </p>

      <h2>3. Join the visit, with permission</h2>
      <p>
        Adults have the right to privacy, even when they depend on you. Ask the person you care for whether they would like you on the call,
        and whether they are happy for you to speak with the doctor on their behalf. Many people welcome the help: a second set of ears
        catches instructions that are easy to miss when you are unwell. For a child, a parent or legal guardian must be present for the
        whole visit.
      </p>
      <p>
        Before the visit, write down the two or three questions that matter most. During it, take notes or ask the doctor to repeat key
        instructions. Afterward, read the after-visit summary together.
      </p>

      <h2>4. Let technology carry some of the load</h2>
      <p>
        Set up the patient portal so the after-visit summaries, prescriptions and follow-up reminders arrive in one place. If the person you
        care for finds devices difficult, do a practice call when nobody is unwell: check the camera, microphone, lighting and volume, and
        save the login details somewhere safe. A tablet on a stand is often easier than a phone held at arm’s length.
      </p>
      <p>Ask for electronic prescriptions to be sent to a pharmacy that delivers, or one on your usual route, to avoid an extra trip.</p>

      <h2>5. Plan follow-ups instead of waiting for problems</h2>
      <p>
        Chronic conditions such as high blood pressure, diabetes and heart failure are easier to manage with regular, short check-ins than
        with occasional long appointments. A quick video visit to review home blood pressure readings, blood sugar logs or a new
        medication’s side effects can catch problems early. Ask the doctor what warning signs should prompt a sooner call.
      </p>

      <h2>6. Look after the caregiver, too</h2>
      <p>
        Caregivers often put their own health last. Exhaustion, poor sleep, back pain, anxiety and low mood are common, and they are not a
        personal failing. The same virtual care you arrange for someone else is available to you: a visit over your lunch break or after
        bedtime is easier to fit in than a clinic appointment.
      </p>
      <p>A few habits help:</p>
      <ul>
        <li>Keep your own check-ups and screenings on the calendar.</li>
        <li>Accept specific offers of help, and make a list of tasks others could take on.</li>
        <li>Find respite care or a support group through your local Area Agency on Aging or a disease-specific charity.</li>
        <li>
          Talk to someone if you feel overwhelmed. If you ever have thoughts of harming yourself, call or text 988, the Suicide &amp; Crisis
          Lifeline, any time.
        </li>
      </ul>

      <h2>The bottom line</h2>
      <p>
        Virtual doctors are a practical tool for caregivers: fast answers at odd hours, fewer unnecessary trips, and better continuity
        between visits. Pair them with a good health summary and regular check-ins, and remember to book care for yourself as well.
      </p>
      <p className="article__disclaimer">
        This article is general information, not medical advice for any individual. Always follow the advice of the doctor who knows the
        patient’s history.
      </p>
    </>
  );
}
