import type { DemoAcademic } from './academic.seed.ts';
import type { DemoPeople } from './identity.seed.ts';

/**
 * What earlier area seeds of the demo university made for later ones: its people (user area) and its
 * campuses, rooms and courses (academic area). Reading one before the area that makes it has run is an
 * error in the order of the area list, not an empty value.
 */
export class DemoCast {
  #people: DemoPeople | undefined;
  #academic: DemoAcademic | undefined;

  get people(): DemoPeople {
    if (!this.#people) throw new Error('the demo people are read before the user area seeded them');
    return this.#people;
  }
  set people(people: DemoPeople) {
    this.#people = people;
  }

  get academic(): DemoAcademic {
    if (!this.#academic)
      throw new Error('the demo campuses and courses are read before the academic area seeded them');
    return this.#academic;
  }
  set academic(academic: DemoAcademic) {
    this.#academic = academic;
  }
}
