import { describe, expect, it } from "vitest";
import { deletedMessage, restoredMessage } from "./messages";
import { requiredText } from "./fields";

describe("messages that end with a name", () => {
  it("end with one full stop, also when the name ends with one", () => {
    expect(deletedMessage({}, "Juan Dela Cruz Jr.")).toBe("Successfully deleted Juan Dela Cruz Jr.");
    expect(restoredMessage({}, "Juan Dela Cruz Jr.")).toBe("Successfully restored Juan Dela Cruz Jr.");
    expect(deletedMessage({}, "Juan Dela Cruz III")).toBe("Successfully deleted Juan Dela Cruz III.");
    expect(deletedMessage({ voidWording: true }, "0001234")).toBe("Successfully voided 0001234.");
  });
});

describe("field errors", () => {
  it("use the field's label, not its column name", () => {
    const lastname = requiredText("lastname", 100).safeParse("");
    expect(lastname.error?.issues[0].message).toBe("The last name field is required.");
    expect(requiredText("firstname").safeParse(undefined).error?.issues[0].message).toBe("The first name field is required.");
    expect(requiredText("account_name").safeParse("").error?.issues[0].message).toBe("The account name field is required.");
  });
});
