package dev.inflight.translator.resolve;

import dev.inflight.translator.ast.Member;

/** A struct field. {@code release} is the function a put to zero calls (ref fields only). */
public final class FieldSym {
  public final StructSym owner;
  public final Member member;
  public Type type = Type.ERROR;
  public FnSym release;

  public FieldSym(StructSym owner, Member member) {
    this.owner = owner;
    this.member = member;
  }

  public String name() {
    return member.name().text();
  }

  public boolean isRef() {
    return member instanceof Member.Ref;
  }
}
