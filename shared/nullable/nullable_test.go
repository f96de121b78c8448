package nullable

import (
	"encoding/json"
	"testing"
)

func TestFieldDistinguishesAbsentNullAndValue(t *testing.T) {
	type patch struct {
		Name  Field[string] `json:"name"`
		Count Field[int]    `json:"count"`
		Email Field[string] `json:"email"`
	}
	var p patch
	if err := json.Unmarshal([]byte(`{"name": null, "count": 3}`), &p); err != nil {
		t.Fatal(err)
	}
	if !p.Name.Set || !p.Name.Null || p.Name.HasValue() || p.Name.Ptr() != nil {
		t.Errorf("name sent as null: %+v", p.Name)
	}
	if !p.Count.HasValue() || p.Count.Value != 3 || *p.Count.Ptr() != 3 {
		t.Errorf("count sent as 3: %+v", p.Count)
	}
	if p.Email.Set {
		t.Errorf("email absent but Set: %+v", p.Email)
	}
	var typeErr *json.UnmarshalTypeError
	err := json.Unmarshal([]byte(`{"count": "x"}`), &p)
	if ok := asTypeError(err, &typeErr); !ok || typeErr.Field != "count" {
		t.Errorf("wrong type: error %v, want UnmarshalTypeError on count", err)
	}
	out, _ := json.Marshal(patch{Name: Of("a"), Count: Null[int]()})
	if string(out) != `{"name":"a","count":null,"email":null}` {
		t.Errorf("marshal = %s", out)
	}
}

func asTypeError(err error, target **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	*target = te
	return ok
}
