/** /tips/first-visit */
export function FirstVisit() {
  return (
    <>
      <p className="article__lead">
        If you have never seen a doctor over video, it is natural to wonder how it works and whether it will feel like a “real” appointment.
        The short answer: it is a real medical visit with a US board-certified doctor, just without the commute and the waiting room. Here
        is what to expect, step by step.
      </p>

      <h2>Before the visit: ten minutes of preparation</h2>
      <p>A little preparation makes the visit faster and more useful.</p>
      <ul>
        <li>
          <strong>Find a quiet, private, well-lit spot.</strong> Face a window or lamp so the doctor can see you clearly.
        </li>
        <li>
          <strong>Check your device.</strong> Charge your phone, tablet or laptop, make sure the camera and microphone work, and use Wi-Fi
          if you can.
        </li>
        <li>
          <strong>Have your information ready:</strong> your symptoms and when they started, your medications and allergies, and the name
          and address of your preferred pharmacy.
        </li>
        <li>
          <strong>Gather anything that helps.</strong> A thermometer, a blood pressure cuff if you have one, and a flashlight to show a sore
          throat or a rash.
        </li>
        <li>
          <strong>Write down your questions.</strong> It is easy to forget them once the call starts.
        </li>
      </ul>

      <h2>Starting the visit</h2>
      <p>
        Sign in to your account and select Start a Visit. You will be asked a few questions about your symptoms and your location, because
        your doctor must be licensed in the state where you are during the visit. You can choose a video or phone visit. Most patients are
        connected with a doctor within 5 to 15 minutes, though it can take longer at busy times.
      </p>

      <h2>During the visit</h2>
      <p>
        The doctor will introduce themselves, confirm who you are, and ask about your symptoms and history, much like an in-person
        appointment. They may ask you to move the camera closer to a rash, press gently on your stomach and say where it hurts, take your
        temperature, or walk a few steps. Be open and specific: how long, how severe, what makes it better or worse.
      </p>
      <p>
        A typical visit takes 10 to 20 minutes. You are welcome to have a family member with you. A parent or legal guardian must be present
        for a child’s visit.
      </p>

      <h2>What the doctor can and cannot do</h2>
      <p>
        Virtual doctors can diagnose and treat many common conditions, review ongoing problems, and send electronic prescriptions to your
        pharmacy when they are appropriate. They do not prescribe controlled substances through virtual visits, and a prescription is never
        automatic: it depends on the doctor’s judgment.
      </p>
      <p>
        Some problems need hands-on care, tests or imaging. If so, your doctor will explain why and help you decide where to go next. That
        is a good outcome, too: you get the right care sooner.
      </p>

      <h2>After the visit</h2>
      <p>
        Your after-visit summary appears in your patient portal, with the diagnosis, instructions and any prescription details. Read it once
        more when the call ends, and follow up if your symptoms do not improve as expected or get worse. Members can book follow-up visits
        at no extra cost.
      </p>

      <h2>When not to use a virtual visit</h2>
      <p>
        Call 911 or go to the nearest emergency room for chest pain, trouble breathing, signs of a stroke, severe bleeding, a serious
        injury, or thoughts of harming yourself or others. For a mental health crisis you can also call or text 988 at any time.
      </p>

      <h2>Ready when you are</h2>
      <p>
        Your first telehealth visit will probably feel simpler than you expect. Prepare your space and your questions, and let the doctor
        guide the rest.
      </p>
      <p className="article__disclaimer">This article is general information and does not replace advice from your doctor.</p>
    </>
  );
}
