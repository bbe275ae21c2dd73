#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED   /* keeps ICU's UErrorCode out: it clashes with Foundation's _FoundationICU */
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>
static inline void cxml_free(void *p) { xmlFree(p); }  /* xmlFree is a global var: Swift 6 rejects it */
