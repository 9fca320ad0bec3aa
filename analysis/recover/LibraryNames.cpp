//===- LibraryNames.cpp - The C library names a rewrite uses ----------===//
//
// A rewrite allocates its temporaries with malloc, calloc, free and size_t
// and compares addresses as uintptr_t, including <stdlib.h> and <stdint.h>
// when the file has not. Each name must mean the C library's where the
// nest is, and what the file declares of its own must not conflict with
// the headers the rewrite includes: a macro, a variable, a poisoned name,
// a function of another type or of internal linkage (`static int
// free(int)`) or a typedef of another type (`typedef int size_t;`) takes
// the name.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestRecovery.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace lnr::recover {
namespace detail {
namespace {

/// Whether Fn is (a declaration compatible with) the C library's function
/// Name: external linkage, and its type where it gives one.
bool isLibraryFunction(const FunctionDecl &Fn, llvm::StringRef Name,
                       ASTContext &Ctx) {
  if (!Fn.hasExternalFormalLinkage())
    return false;
  QualType Size = Ctx.getSizeType();
  QualType Result = Name == "free" ? Ctx.VoidTy : Ctx.VoidPtrTy;
  std::vector<QualType> Params;
  if (Name == "free")
    Params = {Ctx.VoidPtrTy};
  else if (Name == "malloc")
    Params = {Size};
  else if (Name == "calloc")
    Params = {Size, Size};
  if (!Ctx.hasSameType(Fn.getReturnType(), Result))
    return false;
  const auto *Proto = Fn.getType()->getAs<FunctionProtoType>();
  if (!Proto) // `void *malloc();`: no parameters said, none to conflict
    return true;
  if (Proto->isVariadic() || Proto->getNumParams() != Params.size())
    return false;
  for (unsigned I = 0; I < Params.size(); ++I)
    if (!Ctx.hasSameType(Proto->getParamType(I), Params[I]))
      return false;
  return true;
}

/// Whether the file-level declaration D of Name leaves the name to the C
/// library: a function or typedef the library's header would agree with,
/// or a tag (`struct free`), which C keeps apart from ordinary names.
bool agreesWithLibrary(const NamedDecl &D, llvm::StringRef Name,
                       ASTContext &Ctx) {
  if (isa<TagDecl>(D))
    return true;
  if (const auto *Fn = dyn_cast<FunctionDecl>(&D))
    return isLibraryFunction(*Fn, Name, Ctx);
  if (const auto *T = dyn_cast<TypedefNameDecl>(&D)) {
    if (Name == "size_t")
      return Ctx.hasSameType(T->getUnderlyingType(), Ctx.getSizeType());
    return Name == "uintptr_t"; // its type is unusableAddressType's
  }
  return false;
}

} // namespace

llvm::ArrayRef<const char *> temporaryLibraryNames() {
  static constexpr const char *Names[] = {"malloc", "calloc", "free", "size_t"};
  return Names;
}

std::string shadowedLibraryName(const std::set<std::string> &Locals,
                                ASTContext &Ctx,
                                llvm::ArrayRef<const char *> Names) {
  for (const char *Name : Names) {
    IdentifierInfo &II = Ctx.Idents.get(Name);
    if (II.hasMacroDefinition() || II.isPoisoned() || Locals.count(Name))
      return Name;
    for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(&II))
      if (!agreesWithLibrary(*D, Name, Ctx))
        return Name;
  }
  return "";
}

std::string unusableAddressType(const std::set<std::string> &Locals,
                                ASTContext &Ctx) {
  if (!shadowedLibraryName(Locals, Ctx, {"uintptr_t"}).empty())
    return "'uintptr_t' means something else here";
  QualType Library = Ctx.getUIntPtrType();
  for (const NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("uintptr_t")))
    if (const auto *T = dyn_cast<TypedefNameDecl>(D)) {
      QualType U = T->getUnderlyingType().getCanonicalType();
      if (!U->isUnsignedIntegerType() ||
          Ctx.getTypeSize(U) < Ctx.getTypeSize(Ctx.VoidPtrTy))
        return "the file's 'uintptr_t' is '" + U.getAsString() +
               "', which cannot hold an address";
      // Wide enough, but <stdint.h>, which the test may include, would
      // declare it again as another type.
      if (!Ctx.hasSameType(U, Library))
        return "the file's 'uintptr_t' is '" + U.getAsString() +
               "', which <stdint.h> declares as '" + Library.getAsString() +
               "'";
    }
  return "";
}

/// Whether every compiler's headers declare D where this parse found it:
/// D is the file's own, or reached from the user's code through a header
/// the C standard says declares it (Headers), not through another system
/// header that happens to include it here (clang's <omp.h> includes
/// <stdlib.h> and <stdint.h>; gcc's includes neither), as include-what-
/// you-use has it.
static bool declaredForEveryCompiler(const NamedDecl &D,
                                     const SourceManager &SM,
                                     llvm::ArrayRef<llvm::StringRef> Headers) {
  FileID File = SM.getFileID(SM.getExpansionLoc(D.getLocation()));
  while (File.isValid()) {
    SourceLocation IncludedAt = SM.getIncludeLoc(File);
    if (IncludedAt.isInvalid())
      return true; // the main file's own declaration
    if (!SM.isInSystemHeader(IncludedAt)) {
      // Included by the user's own code: a header of the user's holds the
      // declaration, or a system header must be one that promises it.
      if (!SM.isInSystemHeader(SM.getLocForStartOfFile(File)))
        return true;
      const FileEntry *Entry = SM.getFileEntryForID(File);
      return Entry && llvm::is_contained(
                          Headers, llvm::sys::path::filename(Entry->getName()));
    }
    File = SM.getFileID(IncludedAt);
  }
  return false;
}

void NestCompletion::describeLibrary(SourceLocation Begin) {
  Source.IsNameTaken = [&Idents = Ctx.Idents](const std::string &Name) {
    return Idents.find(Name) != Idents.end();
  };
  // Declared before the nest (<stdlib.h> included after the kernel
  // declares nothing the rewrite may call), by a header that promises it.
  auto Declared = [&](const char *Name, auto IsKind,
                      llvm::ArrayRef<llvm::StringRef> Headers) {
    for (const NamedDecl *D :
         Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
      if (IsKind(D) && SM.isBeforeInTranslationUnit(D->getLocation(), Begin) &&
          declaredForEveryCompiler(*D, SM, Headers))
        return true;
    return false;
  };
  auto Function = [](const NamedDecl *D) { return isa<FunctionDecl>(D); };
  auto Typedef = [](const NamedDecl *D) { return isa<TypedefNameDecl>(D); };
  static constexpr llvm::StringRef Stdlib[] = {"stdlib.h"};
  static constexpr llvm::StringRef Stdint[] = {"stdint.h", "inttypes.h"};
  Source.HasStdlib = Declared("malloc", Function, Stdlib) &&
                     Declared("free", Function, Stdlib);
  Source.HasCalloc = Declared("calloc", Function, Stdlib);
  Source.HasStdint = Declared("uintptr_t", Typedef, Stdint);
}

void NestCompletion::describeHeaderConflicts() {
  auto Conflict = [&](const char *Header) -> std::string {
    auto Found = Unit.HeaderConflicts.find(Header);
    if (Found == Unit.HeaderConflicts.end())
      return "";
    return std::string("the file does not compile with <") + Header +
           "> included (" + Found->second + ")";
  };
  if (!Source.HasStdlib || !Source.HasCalloc)
    Source.StdlibConflict = Conflict("stdlib.h");
  if (!Source.HasStdint && Source.UnusableAddressType.empty())
    Source.UnusableAddressType = Conflict("stdint.h");
}

std::string
NestCompletion::spelledType(QualType T,
                            const std::set<std::string> &Locals) const {
  // A type spelled with a name a local of the function shadows ('typedef
  // double real; ... int real;') is spelled by its canonical type.
  std::string Out = typeName(T);
  for (size_t At = 0; At < Out.size();) {
    size_t End = At;
    while (End < Out.size() && isAsciiIdentifierContinue(Out[End]))
      ++End;
    if (End > At && Locals.count(Out.substr(At, End - At)))
      return typeName(T.getCanonicalType());
    At = End + 1;
  }
  return Out;
}

void NestCompletion::respellShadowedTypes(const std::set<std::string> &Locals) {
  auto Spelled = [&](QualType T, std::string &Out) {
    if (!T.isNull())
      Out = spelledType(T, Locals);
  };
  Spelled(HeldType, Source.ElementType);
  Spelled(ProductType, Source.ValueType);
  for (size_t I = 0; I < FactorQualTypes.size(); ++I)
    Spelled(FactorQualTypes[I], Source.Factors[I].Type);
}

} // namespace detail

std::set<std::string> libraryNamesTaken(ASTContext &Ctx) {
  std::set<std::string> Taken;
  for (const char *Name : detail::temporaryLibraryNames())
    if (!detail::shadowedLibraryName({}, Ctx, {Name}).empty())
      Taken.insert(Name);
  if (!detail::unusableAddressType({}, Ctx).empty())
    Taken.insert("uintptr_t");
  return Taken;
}

} // namespace lnr::recover
